/**
 * The layering rules of DESIGN.md §3, as eslint.config.mjs enforces them: UI and shared code never
 * import lib/server; only components/map imports Leaflet. Each case lints one line of code as if it
 * were written in the given file, so the test fails when a config block overrides another.
 */
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const serverImports = [
  "import { x } from '@/lib/server/news';",
  "import { x } from '../../lib/server/news';",
  "import { x } from '@/lib/server/db/client';",
];
const leafletImports = ["import x from 'leaflet';", "import { MapContainer as x } from 'react-leaflet';", "import x from 'leaflet.wms';"];

// lint 'cwd' is the project root; eslint's first run loads the Next.js plugins.
jest.setTimeout(60_000);

describe('layering: nothing below app/ imports lib/server', () => {
  const files = ['components/news/news-page.tsx', 'components/map/map-view.tsx', 'lib/shared/routes-x.ts', 'lib/client/hooks/use-x.ts'];
  it.each(['lib/client/x.ts', 'lib/shared/regions/x.ts'])('%s: a relative path into lib/server is an error', async (file) => {
    const up = file.split('/').length - 2;
    expect(await restrictedImports(file, `import { x } from '${'../'.repeat(up)}server/news';`)).toEqual([
      expect.stringContaining('lib/server'),
    ]);
  });
  it.each(files.flatMap((file) => serverImports.map((code) => [file, code] as const)))('%s: %s is an error', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([expect.stringContaining('lib/server')]);
  });

  it.each(['app/[locale]/(content)/news/page.tsx', 'app/api/news/route.ts', 'lib/server/news/other.ts'])(
    '%s may import lib/server',
    async (file) => {
      expect(await restrictedImports(file, serverImports[0]!)).toEqual([]);
    },
  );
});

describe('Leaflet only in components/map', () => {
  const files = ['components/news/news-page.tsx', 'app/[locale]/page.tsx', 'lib/client/use-map.ts', 'lib/server/map/wms.ts'];
  it.each(files.flatMap((file) => leafletImports.map((code) => [file, code] as const)))('%s: %s is an error', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([expect.stringContaining('components/map')]);
  });

  it.each(leafletImports)('components/map may use %s', async (code) => {
    expect(await restrictedImports('components/map/layers/wms-layer.tsx', code)).toEqual([]);
  });

  it('a component outside components/map gets both rules at once', async () => {
    const messages = await restrictedImports('components/news/news-page.tsx', `${serverImports[0]}\n${leafletImports[0]}`);
    expect(messages).toHaveLength(2);
  });
});
