/**
 * `npm ci` installs exactly what package-lock.json lists, on whatever machine runs it. A lock written on
 * one platform can leave out the other platforms' optional native binaries (npm then fails or installs a
 * package without its binary on macOS or Windows), and a dependency asking for `latest` makes the lock
 * disagree with the registry the day a new version appears. These checks catch both before a newcomer does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}
type Overrides = Record<string, string | Record<string, string>>;
interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  overrides?: Overrides;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

/** `node_modules/a/node_modules/@b/c` → `@b/c`. */
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The lock key Node would load `dependency` from when `from` requires it: its own node_modules, then each folder up. */
function resolve(packages: Lock['packages'], from: string, dependency: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${dependency}` : `node_modules/${dependency}`;
    if (candidate in packages) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up >= 0 ? base.slice(0, up) : '';
  }
}

/** Optional dependencies (other platforms' binaries, mostly) with no entry of their own in the lock. */
function missingOptionalDependencies(lock: Lock): string[] {
  return Object.entries(lock.packages).flatMap(([key, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((dependency) => !resolve(lock.packages, key, dependency))
      .map((dependency) => `${key || '(root)'} → ${dependency}`),
  );
}

/** The version an override pins `dependency` of `parent` to: a nested `{ parent: { dependency } }` or a global `{ dependency }`. */
function overrideFor(overrides: Overrides, parent: string, dependency: string): string | undefined {
  const nested = overrides[parent];
  if (typeof nested === 'object' && typeof nested[dependency] === 'string') return nested[dependency];
  const global = overrides[dependency];
  return typeof global === 'string' ? global : undefined;
}

/** Dependencies asking for `latest` that package.json does not pin, or whose lock entry is not the pinned version. */
function unpinnedLatest(lock: Lock, pkg: PackageJson): string[] {
  const fields = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
  return Object.entries(lock.packages).flatMap(([key, entry]) =>
    fields.flatMap((field) =>
      Object.entries(entry[field] ?? {})
        .filter(([, spec]) => spec === 'latest')
        .flatMap(([dependency]) => {
          const pinned = overrideFor(pkg.overrides ?? {}, nameOf(key), dependency);
          if (!pinned) return [`${key} → ${dependency}@latest (no override in package.json)`];
          const resolved = resolve(lock.packages, key, dependency);
          const version = resolved ? lock.packages[resolved]?.version : undefined;
          return version === pinned ? [] : [`${key} → ${dependency}: override ${pinned}, lock has ${version ?? 'nothing'}`];
        }),
    ),
  );
}

describe('package-lock.json', () => {
  const lock = readJson<Lock>('package-lock.json');
  const pkg = readJson<PackageJson>('package.json');

  it('is a v3 lock whose root lists exactly what package.json asks for', () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages[''];
    expect(root?.dependencies).toEqual(pkg.dependencies);
    expect(root?.devDependencies).toEqual(pkg.devDependencies);
    expect(root?.optionalDependencies).toEqual(pkg.optionalDependencies);
  });

  it('lists every platform’s optional binaries, so npm ci installs the same tree on Linux, macOS and Windows', () => {
    // The native packages this app loads, each with binaries for several platforms.
    for (const native of ['node_modules/@napi-rs/canvas', 'node_modules/next']) {
      expect(Object.keys(lock.packages[native]?.optionalDependencies ?? {}).length).toBeGreaterThan(3);
    }
    expect(missingOptionalDependencies(lock)).toEqual([]);
  });

  it('pins every dependency that asks for `latest` with an override in package.json', () => {
    expect(unpinnedLatest(lock, pkg)).toEqual([]);
  });

  it('resolves and reports like npm', () => {
    const packages: Lock['packages'] = {
      '': {},
      'node_modules/a': { optionalDependencies: { b: '1', c: '1', d: '1' }, dependencies: { e: 'latest' } },
      'node_modules/a/node_modules/b': { version: '1.0.0' },
      'node_modules/c': { version: '1.0.0' },
      'node_modules/e': { version: '2.0.0' },
    };
    expect(missingOptionalDependencies({ lockfileVersion: 3, packages })).toEqual(['node_modules/a → d']);
    expect(unpinnedLatest({ lockfileVersion: 3, packages }, {})).toEqual(['node_modules/a → e@latest (no override in package.json)']);
    expect(unpinnedLatest({ lockfileVersion: 3, packages }, { overrides: { a: { e: '2.0.0' } } })).toEqual([]);
    expect(unpinnedLatest({ lockfileVersion: 3, packages }, { overrides: { e: '1.0.0' } })).toEqual([
      'node_modules/a → e: override 1.0.0, lock has 2.0.0',
    ]);
  });
});
