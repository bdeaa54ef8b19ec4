/**
 * The workflow engine against the database (ADR 0018): a change is locked, checked against the machine,
 * written and recorded in one transaction, a refused one changes nothing, and a subject's history goes
 * with it when it is deleted (one history table, kept clean by its triggers).
 */
import { ApiError } from '../../lib/server/api/errors';
import { countHistory, lockState, readHistory, transition } from '../../lib/server/workflow';
import { withTestDatabase } from '../support/api';
import { newFeedback, newOrder, newUser } from '../support/workflow-subjects';

const db = withTestDatabase();

const history = async (workflow: string, id: string) =>
  (
    await db().query<{ from_status: string | null; to_status: string; actor_role: string }>(
      'SELECT from_status, to_status, actor_role FROM workflow_history WHERE workflow = $1 AND subject_id = $2 ORDER BY id',
      [workflow, id],
    )
  ).map((h) => [h.from_status, h.to_status, h.actor_role]);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error.messageKey : String(error)),
  );

describe('the workflow engine', () => {
  it('moves a subject along its machine, recording who, in which role, when and why; a refused change writes nothing', async () => {
    const owner = await newUser(db(), 'engine-owner');
    const [admin] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-admin'");
    const id = await newOrder(db(), owner, 'Engine probe');
    expect(await history('order', id)).toEqual([[null, '1', 'owner']]);

    // Not the owner's to take, and a rejection without its reason: refused, nothing written.
    expect(await refusal(db().transaction((tx) => transition(tx, 'order', id, { to: 3, role: 'owner', actorId: owner })))).toBe(
      'Workflow.errors.transitionRefused',
    );
    expect(
      await refusal(db().transaction((tx) => transition(tx, 'order', id, { to: 5, role: 'admin', actorId: admin!.id, note: '  ' }))),
    ).toBe('Workflow.errors.noteRequired');
    expect(await db().transaction((tx) => lockState(tx, 'order', id))).toBe(1);
    expect(await countHistory(db(), 'order', id)).toBe(1);

    // Allowed: the status, updated_at and the history row (the note trimmed) in one go.
    const from = await db().transaction((tx) =>
      transition(tx, 'order', id, { to: 5, role: 'admin', actorId: admin!.id, note: ' Outside the area ' }),
    );
    expect(from).toBe(1);
    const [order] = await db().query<{ status: number; fresh: boolean }>(
      "SELECT status, updated_at > now() - interval '1 minute' AS fresh FROM orders WHERE id = $1",
      [id],
    );
    expect(order).toEqual({ status: 5, fresh: true });
    const read = await readHistory(db(), 'order', id, 'en');
    expect(read.map((h) => [h.fromStatus, h.toStatus, h.toStatusName, h.by, h.role, h.note])).toEqual([
      [null, 1, 'Submitted', 'engine-owner', 'owner', null],
      [1, 5, 'Rejected', 'demo-admin', 'admin', 'Outside the area'],
    ]);
    // A terminal state: nothing leaves it, whoever asks.
    for (const role of ['owner', 'admin', 'system'] as const)
      expect(await refusal(db().transaction((tx) => transition(tx, 'order', id, { to: 2, role, actorId: null })))).toBe(
        'Workflow.errors.transitionRefused',
      );
    // The old table's name still reads the same rows (a view for reports).
    const view = await db().query<{ from_status: number | null; to_status: number }>(
      'SELECT from_status, to_status FROM order_history WHERE order_id = $1 ORDER BY id',
      [id],
    );
    expect(view).toEqual([
      { from_status: null, to_status: 1 },
      { from_status: 1, to_status: 5 },
    ]);
  });

  it('answers "not found" for a subject that does not exist', async () => {
    expect(await db().transaction((tx) => lockState(tx, 'request', '987654321'))).toBeNull();
    expect(await refusal(db().transaction((tx) => transition(tx, 'request', '987654321', { to: 4, role: 'owner', actorId: null })))).toBe(
      'notFound',
    );
  });

  it("forgets a subject's history with the subject, and keeps what a deleted account did for others", async () => {
    const leaving = await newUser(db(), 'engine-leaving');
    const staying = await newUser(db(), 'engine-staying');
    const order = await newOrder(db(), leaving, 'Engine probe');
    const feedback = await newFeedback(db(), leaving, 'Engine probe');
    const kept = await newOrder(db(), staying, 'Engine probe');
    await db().transaction((tx) => transition(tx, 'order', kept, { to: 6, role: 'admin', actorId: leaving }));
    expect(await countHistory(db(), 'order', order)).toBe(1);
    expect(await countHistory(db(), 'feedback', feedback)).toBe(1);

    await db().query('DELETE FROM users WHERE id = $1', [leaving]);
    expect(await countHistory(db(), 'order', order)).toBe(0);
    expect(await countHistory(db(), 'feedback', feedback)).toBe(0);
    expect((await readHistory(db(), 'order', kept, 'en')).map((h) => [h.toStatus, h.by, h.role])).toEqual([
      [1, 'engine-staying', 'owner'],
      [6, null, 'admin'],
    ]);
  });
});
