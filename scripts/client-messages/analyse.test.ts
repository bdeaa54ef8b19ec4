import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mergeMessages, pickMessages, SHELL_MESSAGES } from '@/i18n/client-messages';
import zh from '@/messages/zh.json';
import { createAnalyser, routeFiles } from './analyse';

const ROOT = path.resolve(__dirname, '../..');
const LAYOUT = 'app/[locale]/layout.tsx';

/** A needed group is covered by a given one that is it or contains it. */
const covers = (given: Iterable<string>, needed: string) => [...given].some((group) => needed === group || needed.startsWith(`${group}.`));
/** A given group is used when a needed group lies in it or contains it. */
const used = (needed: Iterable<string>, group: string) =>
  [...needed].some((n) => n === group || n.startsWith(`${group}.`) || group.startsWith(`${n}.`));

describe('client message scoping of the real routes', () => {
  const analyser = createAnalyser(ROOT);
  const routes = routeFiles(ROOT);

  it('finds the routes and their layout', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.every((route) => route.layouts.includes(LAYOUT))).toBe(true);
  });

  it('gives the site frame exactly the groups its client parts translate with', () => {
    const layout = analyser.route(LAYOUT);
    expect([...layout.needed].filter((group) => !covers(SHELL_MESSAGES, group))).toEqual([]);
    expect(SHELL_MESSAGES.filter((group) => !used(layout.needed, group))).toEqual([]);
    expect(layout.unscoped).toEqual([]);
  });

  it.each(routes.map((route) => [route.file, route] as const))(
    '%s: its client parts get every group they need, and no other',
    (_, route) => {
      const scope = analyser.route(route.file);
      const given = new Set<string>([...SHELL_MESSAGES, ...scope.provided]);
      for (const layout of route.layouts) for (const group of analyser.route(layout).provided) given.add(group);
      expect([...scope.needed].filter((group) => !covers(given, group)).sort()).toEqual([]);
      expect([...scope.provided].filter((group) => !used(scope.needed, group)).sort()).toEqual([]);
      expect(scope.unscoped).toEqual([]);
    },
  );

  it('names only groups that exist', () => {
    const all = new Set<string>(SHELL_MESSAGES);
    for (const route of routes) for (const group of analyser.route(route.file).provided) all.add(group);
    for (const group of all) expect(Object.keys(pickMessages(zh, [group]))).toEqual([group.split('.')[0]]);
  });

  it('keeps the pages that only read leaner than the whole catalogue', () => {
    // The news, satellite and platform pages translate on the server only.
    for (const file of ['app/[locale]/platform/newsList/[kind]/page.tsx', 'app/[locale]/satellite/[area]/[slug]/page.tsx']) {
      expect([...analyser.route(file).needed]).toEqual([]);
    }
  });
});

describe('the analyser', () => {
  let dir: string;
  const write = (file: string, source: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'client-messages-'));
    write('app/layout.tsx', "import { Shell } from '@/components/shell';\nexport default function L() { return <Shell />; }\n");
    write(
      'components/shell.tsx',
      "'use client';\nimport { useTranslations } from 'next-intl';\nexport const Shell = () => useTranslations('Header')('x');\n",
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts translations in client modules and what they import, not in server modules', () => {
    write(
      'app/page.tsx',
      [
        "import { useTranslations } from 'next-intl';",
        "import { Widget } from '../components/widget';",
        "export default function P() { const t = useTranslations('ServerOnly'); return <Widget label={t('a')} />; }",
      ].join('\n'),
    );
    write('components/widget.tsx', "'use client';\nimport { Helper } from './helper';\nexport const Widget = () => <Helper />;\n");
    write(
      'components/helper.tsx',
      "import { useTranslations } from 'next-intl';\nexport const Helper = () => useTranslations('Share.download')('x');\n",
    );
    const scope = createAnalyser(dir).route('app/page.tsx');
    expect([...scope.needed]).toEqual(['Share.download']);
  });

  it('follows lazy imports, ignores type-only imports and comments, reads full keys and schema messages', () => {
    write(
      'app/page.tsx',
      [
        "import type { Props } from '@/components/typed';",
        "// import { Commented } from '@/components/commented';",
        "import { Lazy } from '@/components/lazy';",
        'export default function P() { return <Lazy />; }',
      ].join('\n'),
    );
    write(
      'components/typed.tsx',
      "'use client';\nimport { useTranslations } from 'next-intl';\nexport type Props = {}; useTranslations('Typed');\n",
    );
    write('components/commented.tsx', "'use client';\nimport { useTranslations } from 'next-intl';\nuseTranslations('Commented');\n");
    write(
      'components/lazy.tsx',
      "'use client';\nimport dynamic from 'next/dynamic';\nexport const Lazy = dynamic(() => import('./dialog').then((m) => m.Dialog));\n",
    );
    write(
      'components/dialog.tsx',
      "import { useTranslations } from 'next-intl';\nimport { schema } from '@/lib/schema';\nexport function Dialog() { const t = useTranslations(); return t('Routes.home'); }\n",
    );
    write('lib/schema.ts', "import { localizedIssue } from './issue';\nexport const schema = localizedIssue('Feedback.errors.tooLong');\n");
    write('lib/issue.ts', 'export const localizedIssue = (key: string) => key;\n');
    const scope = createAnalyser(dir).route('app/page.tsx');
    expect([...scope.needed].sort()).toEqual(['Feedback', 'Routes']);
  });

  it('reads the groups a route hands over, and flags the whole catalogue', () => {
    write(
      'app/page.tsx',
      [
        "import { ClientMessages } from '@/components/client-messages';",
        "import { All } from '@/components/all';",
        "export default function P() { return <ClientMessages groups={['Home.figures', 'Faq']}><All /></ClientMessages>; }",
      ].join('\n'),
    );
    write('components/client-messages.tsx', 'export const ClientMessages = () => null;\n');
    write('components/all.tsx', "'use client';\nimport { useMessages } from 'next-intl';\nexport const All = () => useMessages();\n");
    const scope = createAnalyser(dir).route('app/page.tsx');
    expect([...scope.provided]).toEqual(['Home.figures', 'Faq']);
    expect(scope.unscoped).toEqual(['components/all.tsx']);
  });

  it('reads groups handed over through a variable named by clientMessageGroups, in server modules only', () => {
    write(
      'app/page.tsx',
      [
        "import { ClientMessages } from '@/components/client-messages';",
        "import { VIEW } from '@/components/view';",
        'export default function P() { return <ClientMessages groups={VIEW.messages}>{null}</ClientMessages>; }',
      ].join('\n'),
    );
    write('components/client-messages.tsx', 'export const ClientMessages = () => null;\n');
    write('components/view.ts', "export const VIEW = { messages: clientMessageGroups(['Monitor', 'Themes.landcover']) };\n");
    write('components/island.tsx', "'use client';\nconst groups = clientMessageGroups(['Faq']);\n");
    write('app/other.tsx', "import '@/components/island';\nexport default function O() { return null; }\n");
    const analyser = createAnalyser(dir);
    expect([...analyser.route('app/page.tsx').provided]).toEqual(['Monitor', 'Themes.landcover']);
    expect([...analyser.route('app/other.tsx').provided]).toEqual([]);
  });

  it('lists page-like files with the layouts above them', () => {
    write('app/a/page.tsx', 'export default function P() { return null; }\n');
    write('app/a/layout.tsx', 'export default function L() { return null; }\n');
    write('app/a/b/not-found.tsx', 'export default function N() { return null; }\n');
    write('app/a/_part.tsx', 'export const x = 1;\n');
    expect(routeFiles(dir).sort((x, y) => x.file.localeCompare(y.file))).toEqual([
      { file: 'app/a/b/not-found.tsx', layouts: ['app/layout.tsx', 'app/a/layout.tsx'] },
      { file: 'app/a/page.tsx', layouts: ['app/layout.tsx', 'app/a/layout.tsx'] },
    ]);
  });
});

describe('picking and merging messages', () => {
  const catalogue = { A: { x: 'ax', inner: { y: 'y', z: 'z' } }, B: { b: 'b' }, C: 'c' };

  it('keeps only the named groups, nested as in the catalogue', () => {
    expect(pickMessages(catalogue, ['A.inner', 'B'])).toEqual({ A: { inner: { y: 'y', z: 'z' } }, B: { b: 'b' } });
    expect(pickMessages(catalogue, ['Missing', 'A.missing'])).toEqual({});
  });

  it('adds a page’s groups to the frame’s without dropping the frame’s', () => {
    const frame = pickMessages(catalogue, ['A.x' as never, 'B']);
    expect(mergeMessages(frame, pickMessages(catalogue, ['A.inner']))).toEqual({
      A: { x: 'ax', inner: { y: 'y', z: 'z' } },
      B: { b: 'b' },
    });
  });
});
