import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createModuleGraph, routeFiles, type GraphModule } from '@/scripts/module-graph/graph';

const ROOT = process.cwd();
const STYLES_DIR = path.join(ROOT, 'node_modules/@mantine/core/styles');
const BASE_FILE = 'components/providers/mantine-styles.ts';
const SCREEN_FILE = 'components/providers/mantine-screen-styles.ts';
const LAYOUT = 'app/[locale]/layout.tsx';

/** Components whose look comes (also) from other components' stylesheets. */
const BUILT_FROM: Record<string, string[]> = {
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  FileInput: ['Input'],
  NativeSelect: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Checkbox: ['InlineInput'],
  Switch: ['InlineInput'],
  SegmentedControl: ['FloatingIndicator'],
  Tabs: ['UnstyledButton'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  CloseButton: ['UnstyledButton'],
  Alert: ['CloseButton'],
  Pagination: ['Group', 'UnstyledButton'],
  Stepper: ['UnstyledButton'],
  NavLink: ['UnstyledButton'],
  Anchor: ['Text'],
  Tooltip: ['Popover'],
  // @mantine/notifications draws its list with these.
  Notifications: ['Notification', 'CloseButton', 'Loader'],
};

const sheets = (file: string) =>
  [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/'@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1]!);
const BASE = sheets(BASE_FILE);
const SCREEN = sheets(SCREEN_FILE);

/** A component's stylesheets: its own (when Mantine has one) and those of what it is built from, transitively. */
function stylesheetsOf(component: string, into = new Set<string>()): Set<string> {
  if (existsSync(path.join(STYLES_DIR, `${component}.css`))) into.add(component);
  for (const part of BUILT_FROM[component] ?? []) if (!into.has(part)) stylesheetsOf(part, into);
  return into;
}

/** Mantine components a module renders: imported from @mantine/core or mantine-static, or the notification list from @mantine/notifications. */
function mantineComponents(node: GraphModule): string[] {
  const names: string[] = [];
  // components/ui/mantine-static.tsx draws Mantine's components with Mantine's stylesheets, without its script.
  for (const match of node.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:@mantine\/core|@\/components\/ui\/mantine-static)'/g)) {
    for (const part of match[1]!.split(',')) {
      if (/^\s*type\s/.test(part)) continue;
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (/^[A-Z]/.test(name)) names.push(name);
    }
  }
  if (
    /import\(\s*'@mantine\/notifications'\s*\)|import\s*\{[^}]*\bNotifications\b[^}]*\}\s*from\s*'@mantine\/notifications'/.test(node.code)
  )
    names.push('Notifications');
  return names;
}

/**
 * What loads together: every route with its layouts (their static imports), and every lazily imported part
 * (its static imports), which may load on any page.
 */
function loadUnits() {
  const graph = createModuleGraph(ROOT);
  const units: { name: string; modules: GraphModule[] }[] = [];
  const lazy = new Set<string>();
  const collectLazy = (modules: GraphModule[]) => modules.forEach((m) => m.lazyImports.forEach((file) => lazy.add(file)));
  for (const route of routeFiles(ROOT)) {
    const modules = [
      ...new Map([route.file, ...route.layouts].flatMap((file) => graph.staticClosure(file)).map((m) => [m.file, m])).values(),
    ];
    units.push({ name: route.file, modules });
    collectLazy(modules);
  }
  const done = new Set<string>();
  for (let pending = [...lazy]; pending.length;) {
    const file = pending.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    const modules = graph.staticClosure(file);
    units.push({ name: path.relative(ROOT, file), modules });
    for (const m of modules) pending.push(...m.lazyImports);
  }
  return units;
}

type LoadUnit = ReturnType<typeof loadUnits>[number];

const filesOf = (unit: LoadUnit) => unit.modules.map((m) => path.relative(ROOT, m.file));
/** The stylesheets the Mantine components a unit renders need, sorted. */
const neededSheets = (unit: LoadUnit) => [...new Set(unit.modules.flatMap(mantineComponents).flatMap((c) => [...stylesheetsOf(c)]))].sort();

describe('Mantine stylesheets', () => {
  const units = loadUnits();
  const unitNamed = (name: string): LoadUnit => {
    const unit = units.find((u) => u.name === name);
    if (!unit) throw new Error(`no load unit ${name}`);
    return unit;
  };

  it('finds the routes and the lazily loaded parts', () => {
    const names = units.map((u) => u.name);
    expect(names).toContain('app/[locale]/platform/newsList/[kind]/page.tsx');
    expect(names).toContain('components/auth/login-dialog.tsx');
    expect(stylesheetsOf('Select')).toEqual(new Set(['Combobox', 'Input', 'Popover', 'ScrollArea']));
  });

  it.each(units.map((unit) => [unit.name, unit] as const))('%s loads the stylesheet of every Mantine component it renders', (_, unit) => {
    // Every page loads the layout's stylesheets (next test); a lazily loaded part always loads on a page.
    const loaded = new Set<string>([...BASE, ...(filesOf(unit).includes(SCREEN_FILE) ? SCREEN : [])]);
    expect(neededSheets(unit).filter((sheet) => !loaded.has(sheet))).toEqual([]);
  });

  it('loads the every-page stylesheets on every page through the layout, and the rest only where they are used', () => {
    // Mantine's global styles come first: without them no component looks right.
    expect(BASE.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(
      createModuleGraph(ROOT)
        .staticClosure(LAYOUT)
        .map((m) => path.relative(ROOT, m.file)),
    ).toContain(BASE_FILE);
    const pages = units.filter((u) => u.name.startsWith('app/'));
    expect(pages.length).toBeGreaterThanOrEqual(20);
    expect(pages.filter((page) => !filesOf(page).includes(BASE_FILE)).map((page) => page.name)).toEqual([]);
    // A content page's render-blocking CSS holds only what it draws: no form, dialog or table styles.
    const content = unitNamed('app/[locale]/platform/newsList/[kind]/page.tsx');
    expect(filesOf(content)).not.toContain(SCREEN_FILE);
    expect(neededSheets(content)).not.toContain('Input');
    // …while the login dialog, lazily loaded on any page, brings the input and dialog styles with it.
    const login = unitNamed('components/auth/login-dialog.tsx');
    expect(filesOf(login)).toContain(SCREEN_FILE);
    expect(neededSheets(login)).toEqual(expect.arrayContaining(['Input', 'ModalBase', 'Overlay', 'Button', 'Alert']));
    expect(SCREEN).toEqual(expect.arrayContaining(['Input', 'ModalBase', 'Overlay', 'Button']));
  });

  it('keeps Mantine’s order within each list, and no every-page component is built from a later-loading one', () => {
    const whole = readFileSync(path.join(ROOT, 'node_modules/@mantine/core/styles.css'), 'utf8');
    for (const list of [BASE, SCREEN]) {
      const positions = list.map((name) =>
        whole.indexOf(
          readFileSync(path.join(STYLES_DIR, `${name}.css`), 'utf8')
            .trim()
            .slice(0, 200),
        ),
      );
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(BASE.filter((sheet) => SCREEN.includes(sheet))).toEqual([]);
    expect(BASE.flatMap((sheet) => [...stylesheetsOf(sheet)]).filter((sheet) => !BASE.includes(sheet))).toEqual([]);
  });
});
