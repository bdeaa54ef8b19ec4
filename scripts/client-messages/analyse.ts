/**
 * Which message groups the browser needs, read from the source: the guard behind per-route message
 * scoping (components/providers/client-messages.tsx). The root layout hands the browser only the site
 * frame's groups and each page adds its own; this walks the imports of every route file as Next.js
 * bundles them — server modules until a 'use client' file, then everything that file reaches, including
 * lazy `import()`s — and lists the groups those client modules translate with. A page whose client parts
 * need a group nobody gives them would show raw message keys; the test beside this fails instead.
 *
 * It reads the source with regular expressions, which holds for this codebase's conventions:
 * `useTranslations('Namespace')` (or 'Namespace.sub'), or `useTranslations()` with full keys `t('Namespace.key')`,
 * and `localizedIssue('Namespace.key')` in schemas a form translates.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type RouteScope = {
  /** Route file, relative to the project root. */
  file: string;
  /** Message groups translated by client modules the route reaches ('Share' or 'Share.download'). */
  needed: Set<string>;
  /** Groups handed to the browser by `<ClientMessages groups={[…]}>` in the route's server modules. */
  provided: Set<string>;
  /** Client modules that translate with the whole catalogue (`useMessages`): they cannot be scoped. */
  unscoped: string[];
};

const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const NAMESPACED = /\buseTranslations\(\s*['"`]([A-Za-z]+(?:\.\w+)*)['"`]\s*\)/g;
const ROOT_TRANSLATIONS = /\buseTranslations\(\s*\)/;
const FULL_KEY = /\bt\(\s*['"`]([A-Z][A-Za-z]+)\./g;
const LOCALIZED_ISSUE = /\blocalizedIssue\(\s*['"`]([A-Z][A-Za-z]+)\./g;
const PROVIDED = /<ClientMessages\s+groups=\{\[([^\]]*)\]\}/g;

/** The first capture of every match. */
const captures = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1] ?? '');

type Module = { file: string; client: boolean; imports: string[]; namespaces: string[]; provided: string[]; unscoped: boolean };

export function createAnalyser(root: string) {
  const modules = new Map<string, Module>();

  function resolve(from: string, specifier: string): string | null {
    let base: string;
    if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
    else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
    else return null;
    if (/\.(css|json|svg|png)$/.test(base)) return null;
    for (const ext of ['', ...EXTENSIONS]) {
      const candidate = base + ext;
      if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    }
    return null;
  }

  function read(file: string): Module {
    const cached = modules.get(file);
    if (cached) return cached;
    const source = readFileSync(file, 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const imports: string[] = [];
    for (const [, typeOnly, specifier] of code.matchAll(IMPORT)) {
      if (typeOnly || !specifier) continue; // `import type`: no code reaches the browser
      const target = resolve(file, specifier);
      if (target) imports.push(target);
    }
    for (const specifier of captures(code, DYNAMIC_IMPORT)) {
      const target = resolve(file, specifier);
      if (target) imports.push(target);
    }
    const namespaces = new Set(captures(code, NAMESPACED));
    if (ROOT_TRANSLATIONS.test(code)) for (const namespace of captures(code, FULL_KEY)) namespaces.add(namespace);
    for (const namespace of captures(code, LOCALIZED_ISSUE)) namespaces.add(namespace);
    const provided = captures(code, PROVIDED).flatMap((list) => captures(list, /['"]([A-Za-z.]+)['"]/g));
    const entry: Module = {
      file,
      client: /^\s*['"]use client['"]/.test(code),
      imports,
      namespaces: [...namespaces],
      provided,
      // The scope itself reads the messages above it to extend them.
      unscoped: /\buseMessages\(/.test(code) && !/<IntlProvider\b/.test(code),
    };
    modules.set(file, entry);
    return entry;
  }

  /** What one route file's server and client modules need and provide. */
  function route(file: string): RouteScope {
    const absolute = path.resolve(root, file);
    const scope: RouteScope = { file: path.relative(root, absolute), needed: new Set(), provided: new Set(), unscoped: [] };
    const seen = new Set<string>();
    const visit = (target: string, clientSide: boolean) => {
      const entry = read(target);
      const client = clientSide || entry.client;
      const key = `${client ? 'c' : 's'}:${target}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (client) {
        for (const namespace of entry.namespaces) scope.needed.add(namespace);
        if (entry.unscoped) scope.unscoped.push(path.relative(root, target));
      } else {
        for (const namespace of entry.provided) scope.provided.add(namespace);
      }
      for (const next of entry.imports) visit(next, client);
    };
    visit(absolute, false);
    return scope;
  }

  return { route };
}

/** Every page-like route file under app/ (pages, not-found, error and loading boundaries), with the layouts above it. */
export function routeFiles(root: string): { file: string; layouts: string[] }[] {
  const found: { file: string; layouts: string[] }[] = [];
  const walk = (dir: string, layouts: string[]) => {
    const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    const layout = entries.find((entry) => entry.isFile() && /^layout\.tsx?$/.test(entry.name));
    const here = layout ? [...layouts, path.join(dir, layout.name)] : layouts;
    for (const entry of entries) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative, here);
      else if (/^(page|not-found|error|loading|template)\.tsx?$/.test(entry.name)) found.push({ file: relative, layouts: here });
    }
  };
  walk('app', []);
  return found;
}
