import 'server-only';
/**
 * Where each workflow's subjects live: the table whose `id` and `status` the engine locks and moves.
 * A new workflow adds its machine (lib/shared/workflow/machines/) and one row here.
 */
import { WORKFLOWS, type Machine, type WorkflowId } from '../../shared/workflow';

interface SubjectTable {
  /** The table of the workflow's rows (an `id` bigint key and a `status` column). */
  table: string;
  /** The table has `updated_at`, set on every change. */
  touches: boolean;
  /**
   * The column naming the user whose subject it is (who may read its history besides administrators); null when
   * the workflow decides who reads it by rules of its own (verification cases: roles by region).
   */
  owner: string | null;
}

export const SUBJECTS: Record<WorkflowId, SubjectTable> = {
  order: { table: 'orders', touches: true, owner: 'user_id' },
  request: { table: 'data_requests', touches: true, owner: 'user_id' },
  feedback: { table: 'feedback', touches: false, owner: 'user_id' },
  // No owner: a case is read by the verification roles whose regions reach it (lib/server/verification).
  verification: { table: 'verification_cases', touches: true, owner: null },
};

/** A workflow's state type: its machine's states. */
export type StateOf<W extends WorkflowId> = (typeof WORKFLOWS)[W]['states'][number];

export function machineOf<W extends WorkflowId>(workflow: W): Machine<StateOf<W>> {
  return WORKFLOWS[workflow] as unknown as Machine<StateOf<W>>;
}
