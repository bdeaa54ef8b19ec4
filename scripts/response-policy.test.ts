/**
 * Every answer that can carry a stored or generated file gets the file policy (run nothing, load
 * nothing), pages the site's, and no path two policies. The rules are next.config.mjs's own, matched as
 * Next matches them. A route handler that answers a file (its module graph reaches a Content-Disposition)
 * is found by reading the code, so a new download route cannot slip past (issue 32.6).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { FILE_CSP, SCRIPT_SEGMENTS } from './response-policy.mjs';

interface Rule {
  source: string;
  headers: { key: string; value: string }[];
}

const ROOT = process.cwd();

/** next.config.mjs has no type declarations: loaded by a path TypeScript does not resolve. */
const CONFIG = '../next.config.mjs';

async function rules(): Promise<Rule[]> {
  const config = ((await import(CONFIG)) as { default: { headers?: () => Promise<Rule[]> } }).default;
  const headers = config.headers;
  if (!headers) throw new Error('next.config.mjs has no headers()');
  return headers();
}

/** The value of each header a path gets, as a list per header (lower-case names). */
async function headersOf(pathname: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const rule of await rules()) {
    if (!getPathMatch(rule.source, { strict: true, removeUnnamedParams: true })(pathname)) continue;
    for (const { key, value } of rule.headers) out.set(key.toLowerCase(), [...(out.get(key.toLowerCase()) ?? []), value]);
  }
  return out;
}

/** Route handler files under app/, with a URL that reaches each (dynamic segments filled in). */
function routeFiles(dir = 'app'): { file: string; url: string }[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(rel);
    if (!/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) return [];
    const url = dir
      .replace(/^app/, '')
      .split('/')
      .filter((s) => !/^\(.*\)$/.test(s))
      .map((s) => (/^\[\.\.\..+\]$/.test(s) ? 'a/b' : /^\[.+\]$/.test(s) ? '1' : s))
      .join('/');
    return [{ file: rel, url: url || '/' }];
  });
}

const sources = new Map<string, { marked: boolean; imports: string[] }>();

const isFile = (rel: string) => existsSync(path.join(ROOT, rel)) && statSync(path.join(ROOT, rel)).isFile();

/** A project module: whether it names a Content-Disposition, and the project modules it imports (static and dynamic). */
function source(file: string): { marked: boolean; imports: string[] } {
  const known = sources.get(file);
  if (known) return known;
  const code = readFileSync(path.join(ROOT, file), 'utf8');
  const imports = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].flatMap((m) => {
    const spec = m[1]!;
    const base = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.posix.join(path.posix.dirname(file), spec) : null;
    const found =
      base === null ? undefined : ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(isFile);
    return found ? [found] : [];
  });
  const entry = { marked: /content-disposition|contentDisposition\(/i.test(code), imports };
  sources.set(file, entry);
  return entry;
}

/** Whether a module's import graph reaches code that names a Content-Disposition (it answers a file to save). */
function answersFiles(entry: string): boolean {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { marked, imports } = source(file);
    if (marked) return true;
    queue.push(...imports);
  }
  return false;
}

/** Download routes known today: each must be found by the scan (so the scan itself is checked). */
const KNOWN_DOWNLOADS = [
  '/api/files/v1/fileinfo/downloads/1',
  '/api/order/v3/request/id/1/attachment',
  '/api/order/v3/orderitem/download/1',
  '/api/order/v3/order/own/export',
  '/api/normal/v5/normalmeta/exports',
  '/api/normal/v5/normalmeta/export/quickimage',
  '/api/normal/v5/normalmeta/covershp',
  '/api/normal/v5/normalmeta/notcovershp',
  '/api/normal/v5/normalmeta/template/filenames/v2',
  '/api/normal/v5/normalmeta/template/pathandrows/v2',
  '/api/normal/v5/normalmeta/template/pr/v2',
  '/api/surface-deformation/v1/exports',
  '/api/surface-deformation/v1/template/filenames/v2',
];

describe('response policy (next.config.mjs headers)', () => {
  const routes = routeFiles();

  it('finds every download route by reading the code', () => {
    const downloads = routes.filter((r) => answersFiles(r.file)).map((r) => r.url);
    expect(downloads).toEqual(expect.arrayContaining(KNOWN_DOWNLOADS));
  });

  const isScript = (url: string) => SCRIPT_SEGMENTS.includes(url.split('/')[1] ?? '');

  it('gives every route handler, downloads first, the file policy and no other', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !isScript(r.url))) {
      const csp = (await headersOf(route.url)).get('content-security-policy') ?? [];
      if (csp.length !== 1 || csp[0] !== FILE_CSP) wrong.push(`${route.file} → ${JSON.stringify(csp)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the routes that answer the site’s own scripts (the service worker) the site policy, and lets them answer no file', async () => {
    const scripts = routes.filter((r) => isScript(r.url));
    expect(scripts.map((r) => r.file)).toEqual(['app/serwist/[path]/route.ts']);
    for (const route of scripts) {
      expect(answersFiles(route.file)).toBe(false);
      const csp = (await headersOf(route.url)).get('content-security-policy') ?? [];
      expect(csp).toHaveLength(1);
      expect(csp[0]).toContain("default-src 'self'");
    }
  });

  it('gives pages (and their assets) the site policy only', async () => {
    for (const page of [
      '/',
      '/chinese/home',
      '/english/platform/newsList/media',
      '/sitemap.xml',
      '/_next/static/chunks/main.js',
      '/api',
      '/mapping',
    ]) {
      const csp = (await headersOf(page)).get('content-security-policy') ?? [];
      expect(csp).toHaveLength(1);
      expect(csp[0]).toContain("default-src 'self'");
      expect(csp[0]).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps nosniff, frame denial and the referrer policy on every answer', async () => {
    for (const url of ['/chinese/home', ...KNOWN_DOWNLOADS, '/map/gwc/service/wmts']) {
      const headers = await headersOf(url);
      expect(headers.get('x-content-type-options')).toEqual(['nosniff']);
      expect(headers.get('x-frame-options')).toEqual(['DENY']);
      expect(headers.get('referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
    }
  });
});
