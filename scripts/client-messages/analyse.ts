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
import path from 'node:path';
import { captures, createModuleGraph, routeFiles } from '../module-graph/graph';

export { routeFiles };

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

const NAMESPACED = /\buseTranslations\(\s*['"`]([A-Za-z]+(?:\.\w+)*)['"`]\s*\)/g;
const ROOT_TRANSLATIONS = /\buseTranslations\(\s*\)/;
const FULL_KEY = /\bt\(\s*['"`]([A-Z][A-Za-z]+)\./g;
const LOCALIZED_ISSUE = /\blocalizedIssue\(\s*['"`]([A-Z][A-Za-z]+)\./g;
const PROVIDED = /<ClientMessages\s+groups=\{\[([^\]]*)\]\}/g;
/** Groups named by `clientMessageGroups([…])` (i18n/client-messages.ts) and handed over through a variable. */
const PROVIDED_LIST = /\bclientMessageGroups\(\s*\[([^\]]*)\]/g;

type Module = { client: boolean; imports: string[]; namespaces: string[]; provided: string[]; unscoped: boolean };

export function createAnalyser(root: string) {
  const graph = createModuleGraph(root);
  const modules = new Map<string, Module>();

  function read(file: string): Module {
    const cached = modules.get(file);
    if (cached) return cached;
    const { code, client, imports, lazyImports } = graph.read(file);
    const namespaces = new Set(captures(code, NAMESPACED));
    if (ROOT_TRANSLATIONS.test(code)) for (const namespace of captures(code, FULL_KEY)) namespaces.add(namespace);
    for (const namespace of captures(code, LOCALIZED_ISSUE)) namespaces.add(namespace);
    const provided = [...captures(code, PROVIDED), ...captures(code, PROVIDED_LIST)].flatMap((list) => captures(list, /['"]([A-Za-z.]+)['"]/g));
    const entry: Module = {
      client,
      // Lazily loaded parts render inside the page too.
      imports: [...imports, ...lazyImports],
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
