/**
 * The import graph of the app's own modules, read from the source with regular expressions (enough for
 * this codebase's import style): what each module imports at once, what it loads lazily (`import()`),
 * and which stylesheets it imports. Used by tests that check what a page hands the browser:
 * message groups (scripts/client-messages) and Mantine stylesheets (components/providers/mantine-styles).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface GraphModule {
  file: string;
  /** Source without comments. */
  code: string;
  /** Starts with 'use client'. */
  client: boolean;
  /** Modules imported statically (not `import type`). */
  imports: string[];
  /** Modules loaded with `import()`. */
  lazyImports: string[];
  /** Stylesheet specifiers imported (as written). */
  styles: string[];
}

const EXTENSIONS = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'];
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The first capture of every match. */
export const captures = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1] ?? '');

export function createModuleGraph(root: string) {
  const modules = new Map<string, GraphModule>();

  function resolve(from: string, specifier: string): string | null {
    let base: string;
    if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
    else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
    else return null;
    if (/\.(css|json|svg|png)$/.test(base)) return null;
    for (const ext of EXTENSIONS) {
      const candidate = base + ext;
      if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    }
    return null;
  }

  /** One module, read once. */
  function read(file: string): GraphModule {
    const cached = modules.get(file);
    if (cached) return cached;
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const imports: string[] = [];
    const styles: string[] = [];
    for (const [, typeOnly, specifier] of code.matchAll(IMPORT)) {
      if (typeOnly || !specifier) continue; // `import type`: no code reaches the browser
      if (specifier.endsWith('.css')) styles.push(specifier);
      const target = resolve(file, specifier);
      if (target) imports.push(target);
    }
    const lazyImports = captures(code, DYNAMIC_IMPORT)
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null);
    const entry = { file, code, client: /^\s*['"]use client['"]/.test(code), imports, lazyImports, styles };
    modules.set(file, entry);
    return entry;
  }

  /** The modules `entry` brings at once: its static imports, transitively (lazy imports not followed). */
  function staticClosure(entry: string): GraphModule[] {
    const seen = new Map<string, GraphModule>();
    const stack = [path.resolve(root, entry)];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      const node = read(file);
      seen.set(file, node);
      stack.push(...node.imports);
    }
    return [...seen.values()];
  }

  return { read, resolve, staticClosure };
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
