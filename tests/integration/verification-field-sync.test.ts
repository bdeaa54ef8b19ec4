/**
 * Issue 34.2, the device's queue against the real server: work queued offline is sent through the ordinary move
 * (route handler, session, version check, engine). A case that moved on meanwhile answers 409, and the queued
 * form stays on the device as a conflict, untouched; a case that did not move takes the queued submit. The browser's
 * fetch is the route handler itself; the device's store is IndexedDB (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { POST as movePost } from '../../app/api/process-spot-bjhs/v1/process/[id]/route';
import { configureApiClient } from '../../lib/client/api-config';
import { enqueue, getCase, putCase, queueItems, type StoredCase } from '../../lib/client/field/store';
import { storedCase } from '../support/field-case';
import { syncQueue } from '../../lib/client/field/sync';
import { createSession } from '../../lib/server/session';
import { moveCase, verificationRolesOf } from '../../lib/server/verification/cases';
import { withTestDatabase } from '../support/api';

const db = withTestDatabase();
const MOVE = /^\/api\/process-spot-bjhs\/v1\/process\/(\d+)$/;

let token = '';
const realFetch = global.fetch;

beforeAll(async () => {
  const [u] = await db().query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = 'demo-county'`);
  token = (await createSession(db(), u!.id, { ip: 'test', userAgent: null })).token;
  configureApiClient({ token: () => token, locale: () => 'en' });
  // The browser's fetch, answered by the move's route handler as the server would.
  global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const id = MOVE.exec(url.pathname)?.[1];
    if (!id) throw new TypeError(`no route for ${url.pathname} in this test`);
    const headers = new Headers(init?.headers);
    headers.set('origin', 'http://localhost:3000');
    headers.set('x-forwarded-for', '203.0.113.9');
    return movePost(new Request(url, { ...init, headers }), { params: Promise.resolve({ id }) });
  }) as typeof fetch;
});

afterAll(() => {
  global.fetch = realFetch;
});

async function onDevice(status: string): Promise<StoredCase> {
  const [c] = await db().query<{ id: string; spot_no: string; version: number }>(
    `SELECT id::text AS id, spot_no, version FROM verification_cases WHERE xzqdm = '130102' AND status = $1 ORDER BY id LIMIT 1`,
    [status],
  );
  const stored = storedCase(c!.id, c!.version, c!.spot_no);

  await putCase(stored);
  return stored;
}

const queueSubmit = (c: StoredCase, remarks: string) =>
  enqueue({
    kind: 'move',
    caseId: c.id,
    spotNo: c.spotNo,
    to: 'submitted',
    toName: 'submitted',
    form: { verdict: 'illegal_new', remarks },
    createdAt: new Date().toISOString(),
    state: 'pending',
    attempts: 0,
  });

const noPhotos = async () => {
  throw new Error('no photo in this test');
};

describe('the field queue against the server', () => {
  it('keeps a form queued offline as a conflict when the case moved on meanwhile (409), and changes nothing', async () => {
    const c = await onDevice('checking');
    await queueSubmit(c, 'typed in the field');
    // Meanwhile the same checker submits the case from another device.
    const [u] = await db().query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = 'demo-county'`);
    await moveCase(db(), { userId: u!.id, admin: false, roles: await verificationRolesOf(db(), u!.id) }, c.id, {
      to: 'submitted',
      version: c.version,
      form: { verdict: 'illegal_old' },
    });
    const [before] = await db().query<{ version: number; remarks: string | null }>(
      `SELECT version, remarks FROM verification_cases WHERE id = $1`,
      [c.id],
    );

    const result = await syncQueue(noPhotos);
    expect(result).toMatchObject({ sent: 0, held: 1, offline: false });
    const [item] = await queueItems();
    expect(item).toMatchObject({ caseId: c.id, state: 'conflict', form: { verdict: 'illegal_new', remarks: 'typed in the field' } });
    const [after] = await db().query<{ version: number; remarks: string | null }>(
      `SELECT version, remarks FROM verification_cases WHERE id = $1`,
      [c.id],
    );
    expect(after).toEqual(before);
    const { dropQueued } = await import('../../lib/client/field/store');
    await dropQueued(item!.seq!);
  });

  it('sends a form queued offline when the case did not move, and the case takes it', async () => {
    const c = await onDevice('checking');
    await queueSubmit(c, 'seen on site');
    expect(await syncQueue(noPhotos)).toMatchObject({ sent: 1, held: 0 });
    expect(await queueItems()).toEqual([]);
    const [row] = await db().query<{ status: string; verdict: string; remarks: string; version: number }>(
      `SELECT status, verdict, remarks, version FROM verification_cases WHERE id = $1`,
      [c.id],
    );
    expect(row).toMatchObject({ status: 'submitted', verdict: 'illegal_new', remarks: 'seen on site', version: c.version + 1 });
    expect(await getCase(c.id)).toMatchObject({ version: c.version + 1, status: 'submitted' });
  });
});
