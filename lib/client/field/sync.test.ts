/**
 * The field queue (issue 34.2): work done offline is sent oldest first through the ordinary API; what the server
 * takes leaves the queue, a 409 becomes a conflict that keeps the work and holds back that case's later work, a
 * network failure stops the run and keeps everything, and a conflict resolved by taking the case as it is now
 * sends the same work again. The device store is IndexedDB (fake-indexeddb), the API is mocked at apiFetch.
 */
import 'fake-indexeddb/auto';
import { ApiClientError } from '../api-config';
import { storedCase } from '../../../tests/support/field-case';
import { enqueue, putCase, queueItems, getCase } from './store';
import { retakeCase, syncQueue } from './sync';

const apiFetch = jest.fn();
jest.mock('../api', () => ({
  ...jest.requireActual('../api-config'),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const baseCase = storedCase;

const move = (caseId: string, to: 'submitted' | 'checking') => ({
  kind: 'move' as const,
  caseId,
  spotNo: `S-${caseId}`,
  to,
  toName: to,
  form: to === 'submitted' ? { verdict: 'illegal_new' as const } : undefined,
  createdAt: new Date().toISOString(),
  state: 'pending' as const,
  attempts: 0,
});

const photo = (caseId: string) => ({
  kind: 'photo' as const,
  caseId,
  spotNo: `S-${caseId}`,
  viewKind: 'close',
  tapped: [114.5, 38.0] as [number, number],
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  name: 'a.jpg',
  createdAt: new Date().toISOString(),
  state: 'pending' as const,
  attempts: 0,
});

const uploaded: unknown[] = [];
const upload = jest.fn(async (item: unknown) => {
  uploaded.push(item);
  return {};
});

beforeEach(async () => {
  apiFetch.mockReset();
  upload.mockClear();
  uploaded.length = 0;
  for (const item of await queueItems()) {
    const { dropQueued } = await import('./store');
    await dropQueued(item.seq!);
  }
});

describe('syncQueue', () => {
  it('sends moves and photos oldest first with the version the device holds, and empties the queue', async () => {
    await putCase(baseCase('1', 4));
    await enqueue(photo('1'));
    await enqueue(move('1', 'submitted'));
    apiFetch.mockResolvedValueOnce({ version: 5 });
    const result = await syncQueue(upload);
    expect(result).toMatchObject({ sent: 2, held: 0, offline: false });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(apiFetch.mock.calls[0][1]).toMatchObject({
      params: { id: '1' },
      body: { to: 'submitted', version: 4, form: { verdict: 'illegal_new' } },
    });
    expect(await queueItems()).toEqual([]);
    expect(await getCase('1')).toMatchObject({ version: 5, status: 'submitted' });
  });

  it('keeps a move the server refuses with 409 as a conflict and holds back that case’s later work, not other cases’', async () => {
    await putCase(baseCase('2', 7));
    await putCase(baseCase('3', 1));
    await enqueue(move('2', 'submitted'));
    await enqueue(photo('2'));
    await enqueue(move('3', 'submitted'));
    apiFetch.mockRejectedValueOnce(new ApiClientError('http', 'The case has moved on', 409, 409));
    apiFetch.mockResolvedValueOnce({ version: 2 });
    const result = await syncQueue(upload);
    expect(result).toMatchObject({ sent: 1, held: 2 });
    expect(upload).not.toHaveBeenCalled();
    const left = await queueItems();
    expect(left.map((q) => [q.caseId, q.kind, q.state])).toEqual([
      ['2', 'move', 'conflict'],
      ['2', 'photo', 'pending'],
    ]);
    expect(left[0]).toMatchObject({ error: 'The case has moved on', form: { verdict: 'illegal_new' } });

    // Resolved by taking the case as it is now: the same work goes again with the new version.
    apiFetch.mockResolvedValueOnce({ version: 9, status: 'checking' });
    await retakeCase(left[0]!);
    apiFetch.mockResolvedValueOnce({ version: 10 });
    expect(await syncQueue(upload)).toMatchObject({ sent: 2, held: 0 });
    expect(apiFetch.mock.calls.at(-1)[1]).toMatchObject({ body: { to: 'submitted', version: 9 } });
    expect(await queueItems()).toEqual([]);
  });

  it('stops at a network failure and keeps everything, pending', async () => {
    await putCase(baseCase('4', 1));
    await enqueue(move('4', 'submitted'));
    await enqueue(photo('4'));
    apiFetch.mockRejectedValueOnce(new ApiClientError('network', 'offline'));
    const result = await syncQueue(upload);
    expect(result).toMatchObject({ sent: 0, offline: true });
    const left = await queueItems();
    expect(left.map((q) => q.state)).toEqual(['pending', 'pending']);
    expect(left[0]!.attempts).toBe(1);
    expect(upload).not.toHaveBeenCalled();
  });

  it('keeps other refusals as failed with the server’s reason', async () => {
    await putCase(baseCase('5', 1));
    await enqueue(move('5', 'submitted'));
    apiFetch.mockRejectedValueOnce(new ApiClientError('code', 'A reason is required', 400, 400));
    expect(await syncQueue(upload)).toMatchObject({ sent: 0, held: 1 });
    expect(await queueItems()).toMatchObject([{ state: 'failed', error: 'A reason is required' }]);
  });
});
