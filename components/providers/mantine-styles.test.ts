import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const STYLES_DIR = path.join(ROOT, 'node_modules/@mantine/core/styles');
const LIST = readFileSync(path.join(ROOT, 'components/providers/mantine-styles.ts'), 'utf8');

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
  SegmentedControl: ['FloatingIndicator'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  Alert: ['CloseButton'],
  Pagination: ['Group', 'UnstyledButton'],
  Stepper: ['UnstyledButton'],
  NavLink: ['UnstyledButton'],
  Anchor: ['Text'],
  // @mantine/notifications draws its list with these.
  MantineProvider: ['Notification', 'CloseButton', 'Loader'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const dir of ['app', 'components', 'lib']) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const part of match[1]!.split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
          if (/^[A-Z]/.test(name)) names.add(name);
        }
      }
    }
  }
  return names;
}

describe('Mantine stylesheets', () => {
  it('include every stylesheet of the components the portal imports, and of those they are built from', () => {
    const used = importedComponents();
    expect(used.has('Button')).toBe(true); // the scan itself works
    const needed = new Set([...used].flatMap((name) => [name, ...(BUILT_FROM[name] ?? [])]));
    const missing = [...needed]
      .filter((name) => existsSync(path.join(STYLES_DIR, `${name}.css`)))
      .filter((name) => !LIST.includes(`'@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });

  it('keep the order of Mantine\u2019s own styles.css', () => {
    const whole = readFileSync(path.join(ROOT, 'node_modules/@mantine/core/styles.css'), 'utf8');
    const listed = [...LIST.matchAll(/'@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1]!);
    const positions = listed.map((name) => whole.indexOf(readFileSync(path.join(STYLES_DIR, `${name}.css`), 'utf8').trim().slice(0, 200)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
