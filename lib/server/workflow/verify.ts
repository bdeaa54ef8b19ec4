import 'server-only';
/**
 * The chain check as an API answers it (issue 33.5): to the subject's owner or an administrator — the readers
 * of its history — and "not found" to anyone else, as for a subject that does not exist.
 */
import type { ChainCheck } from '../../shared/workflow/chain';
import type { WorkflowId } from '../../shared/workflow';
import { notFound } from '../api/errors';
import { isAdministrator } from '../auth/roles';
import type { Queryable } from '../db/types';
import type { Session } from '../session';
import { verifyChain } from './engine';
import { SUBJECTS } from './subjects';

export async function verifySubjectChain(db: Queryable, session: Session, workflow: WorkflowId, id: string | number): Promise<ChainCheck> {
  const { table, owner } = SUBJECTS[workflow];
  // Without an owner column only administrators read it here; such a workflow checks its own readers first.
  const ownsIt = owner === null ? 'FALSE' : `${owner} = $3::bigint`;
  const [visible] = await db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE id = $1 AND ($2 OR ${ownsIt})`, [
    String(id),
    isAdministrator(session),
    session.userId,
  ]);
  if (!visible) throw notFound();
  return verifyChain(db, workflow, visible.id);
}
