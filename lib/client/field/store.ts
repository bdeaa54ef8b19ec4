/**
 * The field app's store on the device (issue 34.2): downloaded packages, their spots with what was typed, and the
 * queue of work done offline — in IndexedDB through `idb` (docs/adr/0030-field-work-offline.md). Nothing here is
 * ever dropped by a failure: a queued item leaves the queue only when the server has taken it, or when the user
 * discards it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldCase, FieldPackage } from '../../shared/contracts/verification-field';
import type { CaseFormDraft } from '../../shared/verification/case-form';
import type { VerificationStatus } from '../../shared/workflow';

export const FIELD_DB = 'rs-field';

export interface StoredPackage {
  batchId: string;
  batch: FieldPackage['batch'];
  region: string | null;
  packedAt: string;
  downloadedAt: string;
  /** My open spots the batch holds (may be more than the package took). */
  count: number;
  caseIds: string[];
  dictionaries: FieldPackage['dictionaries'];
  tiles: { count: number; stored: number; bytes: number; zooms: readonly [number, number] | null; template: string };
  /** Bytes of the package's data as downloaded. */
  dataBytes: number;
}

export interface StoredCase extends FieldCase {
  batchId: string;
  /** The form as typed on the device (null: untouched). */
  draft: CaseFormDraft | null;
  /** The stage after the moves queued on the device (what the field worker sees). */
  localStatus: VerificationStatus;
}

export type QueueState = 'pending' | 'conflict' | 'failed';

interface QueueBase {
  seq?: number;
  caseId: string;
  spotNo: string;
  createdAt: string;
  state: QueueState;
  /** The server's answer when it refused (in the user's language), or the network error. */
  error?: string;
  attempts: number;
}

export interface QueuedMove extends QueueBase {
  kind: 'move';
  to: VerificationStatus;
  toName: string;
  note?: string;
  form?: {
    verdict: NonNullable<CaseFormDraft['verdict']>;
    reasonCode?: string | null;
    approvalNo?: string | null;
    builder?: string | null;
    buildDate?: string | null;
    remarks?: string | null;
  };
}

export interface QueuedPhoto extends QueueBase {
  kind: 'photo';
  viewKind: string;
  tapped: [number, number] | null;
  blob: Blob;
  name: string;
}

export type QueueItem = QueuedMove | QueuedPhoto;

interface FieldSchema extends DBSchema {
  packages: { key: string; value: StoredPackage };
  cases: { key: string; value: StoredCase; indexes: { byBatch: string } };
  queue: { key: number; value: QueueItem; indexes: { byCase: string } };
}

let opened: Promise<IDBPDatabase<FieldSchema>> | null = null;

export function fieldDb(): Promise<IDBPDatabase<FieldSchema>> {
  opened ??= openDB<FieldSchema>(FIELD_DB, 1, {
    upgrade(db) {
      db.createObjectStore('packages', { keyPath: 'batchId' });
      db.createObjectStore('cases', { keyPath: 'id' }).createIndex('byBatch', 'batchId');
      db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true }).createIndex('byCase', 'caseId');
    },
  });
  return opened;
}

export async function listPackages(): Promise<StoredPackage[]> {
  return (await fieldDb()).getAll('packages');
}

export async function casesOf(batchId: string): Promise<StoredCase[]> {
  return (await fieldDb()).getAllFromIndex('cases', 'byBatch', batchId);
}

export async function getCase(id: string): Promise<StoredCase | undefined> {
  return (await fieldDb()).get('cases', id);
}

export async function putCase(value: StoredCase): Promise<void> {
  await (await fieldDb()).put('cases', value);
}

/**
 * Stores a downloaded package: its spots replace the stored ones, except what the device still holds for a spot
 * (a draft, queued work): those keep their typed form and local stage, so a new download never loses work.
 */
export async function storePackage(
  pack: FieldPackage,
  meta: Omit<StoredPackage, 'caseIds' | 'batch' | 'region' | 'packedAt' | 'count' | 'dictionaries' | 'batchId'>,
): Promise<void> {
  const db = await fieldDb();
  const tx = db.transaction(['packages', 'cases', 'queue'], 'readwrite');
  const old = await tx.objectStore('cases').index('byBatch').getAll(pack.batch.id);
  const queued = new Set((await tx.objectStore('queue').getAll()).map((q) => q.caseId));
  const keep = new Map(old.filter((c) => c.draft !== null || queued.has(c.id)).map((c) => [c.id, c]));
  for (const c of old) if (!keep.has(c.id)) await tx.objectStore('cases').delete(c.id);
  for (const c of pack.cases) {
    const held = keep.get(c.id);
    await tx
      .objectStore('cases')
      .put(held && queued.has(c.id) ? held : { ...c, batchId: pack.batch.id, draft: held?.draft ?? null, localStatus: c.status });
  }
  await tx.objectStore('packages').put({
    ...meta,
    batchId: pack.batch.id,
    batch: pack.batch,
    region: pack.region,
    packedAt: pack.packedAt,
    count: pack.count,
    dictionaries: pack.dictionaries,
    caseIds: [...new Set([...pack.cases.map((c) => c.id), ...keep.keys()])],
  });
  await tx.done;
}

/** Removes a package and its spots; refused while any of its spots has queued work. */
export async function removePackage(batchId: string): Promise<boolean> {
  const db = await fieldDb();
  const tx = db.transaction(['packages', 'cases', 'queue'], 'readwrite');
  const cases = await tx.objectStore('cases').index('byBatch').getAllKeys(batchId);
  const queued = (await tx.objectStore('queue').getAll()).some((q) => cases.includes(q.caseId));
  if (queued) {
    tx.abort();
    await tx.done.catch(() => undefined);
    return false;
  }
  for (const id of cases) await tx.objectStore('cases').delete(id);
  await tx.objectStore('packages').delete(batchId);
  await tx.done;
  return true;
}

export async function enqueue(item: QueueItem): Promise<number> {
  return (await fieldDb()).add('queue', item);
}

export async function queueItems(): Promise<QueueItem[]> {
  return (await fieldDb()).getAll('queue');
}

export async function updateQueued(item: QueueItem): Promise<void> {
  await (await fieldDb()).put('queue', item);
}

export async function dropQueued(seq: number): Promise<void> {
  await (await fieldDb()).delete('queue', seq);
}
