import 'server-only';
import { createHash } from 'node:crypto';
import { loadedVersion, markLoaded } from './dataset-version';
import type { Progress } from './migrate';
import type { SeedStep } from './seed';
import type { Database, Queryable } from './types';

/**
 * A seed step that loads one dataset once per version: the version is a SHA-256 of what the data is made from
 * (a generator version, a shipped file's text) and of the versions of the datasets it is made from (`after`:
 * demo spots lie in the loaded counties, so new boundaries regenerate them). The step does nothing until those
 * datasets are loaded, nothing while the stored version is current, and otherwise loads and marks the version in
 * one transaction, so a half-loaded dataset is never marked as loaded.
 */
export interface VersionedSeedOptions<T, R> {
  /** The step's name in the seed's progress. */
  name: string;
  /** The row of `dataset_versions` that records what is loaded. */
  dataset: string;
  /** Datasets this one is made from (their versions enter its version). */
  after?: readonly string[];
  /** Runs on every start, before the version check (dictionaries that are upserted each time). */
  prepare?: (db: Database) => Promise<void>;
  /** What the data is made from: its text enters the version and `load` receives it; null: nothing to load. */
  source: (progress: Progress) => Promise<{ text: string; value: T } | null> | { text: string; value: T } | null;
  /** Replaces the dataset's rows inside the transaction. */
  load: (tx: Queryable, value: T) => Promise<R>;
  /** The progress line after a load. */
  report: (result: R) => string;
}

export function versionedSeed<T, R>(options: VersionedSeedOptions<T, R>): SeedStep {
  return {
    name: options.name,
    async run(db, progress) {
      await options.prepare?.(db);
      const inputs: string[] = [];
      for (const dataset of options.after ?? []) {
        const version = await loadedVersion(db, dataset);
        if (version === null) return;
        inputs.push(version);
      }
      const source = await options.source(progress);
      if (source === null) return;
      const version = createHash('sha256').update([source.text, ...inputs].join('\n')).digest('hex');
      if ((await loadedVersion(db, options.dataset)) === version) return;
      const result = await db.transaction(async (tx) => {
        const loaded = await options.load(tx, source.value);
        await markLoaded(tx, options.dataset, version);
        return loaded;
      });
      progress(options.report(result));
    },
  };
}

/** The source of a generated dataset: its generator's version string. */
export function generator(version: string): { text: string; value: undefined } {
  return { text: version, value: undefined };
}
