/**
 * Sends the work queued on the device (issue 34.2) through the ordinary API, oldest first: a move names the
 * case's version the device holds (the server answers 409 when the case moved on meanwhile), a photo goes as its
 * own upload. What the server takes leaves the queue; what it refuses stays with its reason — a 409 as a conflict
 * the user resolves (take the case as it is now and send the same work again, or discard it), anything else as
 * failed — and the later work of that case waits behind it. A network failure stops the run and keeps everything.
 */
import { caseDetailContract, moveCaseContract } from '../../shared/contracts/verification';
import { apiFetch, ApiClientError } from '../api';
import { dropQueued, getCase, putCase, queueItems, updateQueued, type QueueItem } from './store';

export interface SyncResult {
  sent: number;
  /** Items refused or in conflict (kept). */
  held: number;
  /** Stopped by the network (everything not sent is kept). */
  offline: boolean;
  /** Stopped because the session ended: sign in again, then sync (everything not sent is kept). */
  signedOut: boolean;
}

/** How a photo is uploaded (kept apart so the queue does not depend on the photo contract's module). */
export type PhotoUploader = (item: Extract<QueueItem, { kind: 'photo' }>) => Promise<unknown>;

const isNetwork = (error: unknown) => error instanceof ApiClientError && (error.kind === 'network' || error.kind === 'busy');

async function sendMove(item: Extract<QueueItem, { kind: 'move' }>): Promise<void> {
  const stored = await getCase(item.caseId);
  if (!stored) throw new Error(`case ${item.caseId} is not on this device`);
  const answer = await apiFetch(moveCaseContract, {
    params: { id: item.caseId },
    body: { to: item.to, version: stored.version, note: item.note ?? null, form: item.form },
  });
  await putCase({ ...stored, version: answer.version, status: item.to });
}

let running: Promise<SyncResult> | null = null;

/** Sends the queue once (concurrent calls share one run). */
export function syncQueue(uploadPhoto: PhotoUploader): Promise<SyncResult> {
  running ??= run(uploadPhoto).finally(() => {
    running = null;
  });
  return running;
}

async function run(uploadPhoto: PhotoUploader): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, held: 0, offline: false, signedOut: false };
  const blocked = new Set<string>();
  const items = (await queueItems()).sort((a, b) => a.seq! - b.seq!);
  for (const item of items) {
    // Later work of a case waits behind its refused or conflicting item.
    if (item.state !== 'pending' || blocked.has(item.caseId)) {
      blocked.add(item.caseId);
      result.held++;
      continue;
    }
    try {
      if (item.kind === 'move') await sendMove(item);
      else await uploadPhoto(item);
      await dropQueued(item.seq!);
      result.sent++;
    } catch (error) {
      if (isNetwork(error) || (error instanceof ApiClientError && error.kind === 'unauthorized')) {
        await updateQueued({ ...item, attempts: item.attempts + 1 });
        if (isNetwork(error)) result.offline = true;
        else result.signedOut = true;
        break;
      }
      const conflict = error instanceof ApiClientError && error.status === 409;
      await updateQueued({
        ...item,
        attempts: item.attempts + 1,
        state: conflict ? 'conflict' : 'failed',
        error: error instanceof Error && error.message ? error.message : String(error),
      });
      blocked.add(item.caseId);
      result.held++;
    }
  }
  return result;
}

/**
 * Resolves a conflict by taking the case as the server has it now (version, stage, form) and sending the same
 * work again: the item goes back to pending with nothing of it changed. Needs the network.
 */
export async function retakeCase(item: QueueItem): Promise<void> {
  const stored = await getCase(item.caseId);
  if (!stored) return;
  const now = await apiFetch(caseDetailContract, { params: { id: item.caseId } });
  await putCase({ ...stored, version: now.version, status: now.status });
  await updateQueued({ ...item, state: 'pending', error: undefined });
}

/** Sends a failed item again as it is (after the cause was fixed elsewhere, or to try once more). */
export async function retryItem(item: QueueItem): Promise<void> {
  await updateQueued({ ...item, state: 'pending', error: undefined });
}
