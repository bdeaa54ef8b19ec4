/**
 * The case of a pushed change spot (issue 33; spec §2 /verify/lawenforceinspect): the county that owns the spot
 * checks it (desk and field) and submits a verdict; the city reviews it (passes it on or returns it with a
 * reason); the province confirms it or returns it. A confirmed illegal case is ordered to rectification, which the
 * county carries out and the province accepts; a confirmed legal case is closed. The county may object to a
 * confirmed verdict, and the province upholds the verdict or reopens the case. Every move is a row of the history
 * (who, role, region, when), chained by hash.
 *
 * Roles: `checker` (county), `reviewer` (city), `confirmer` (province), `admin` (any step of the province's, for
 * corrections), `system` (the push itself, and demo data).
 */
import { defineMachine, nextTransitions, type Role } from '../machine';

export const VERIFICATION_STATUSES = [
  'pushed',
  'checking',
  'submitted',
  'returned',
  'passed',
  'confirmed',
  'objected',
  'ordered',
  'rectifying',
  'rectified',
  'closed',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The verdicts a checker may submit (dictionary VERIFY_VERDICT). */
export const VERIFICATION_VERDICTS = ['legal', 'illegal_new', 'illegal_old', 'other', 'rural_road', 'facility_farmland'] as const;
export type VerificationVerdict = (typeof VERIFICATION_VERDICTS)[number];
/** Verdicts that go on to rectification once confirmed. */
export const ILLEGAL_VERDICTS: readonly VerificationVerdict[] = ['illegal_new', 'illegal_old'];
/** Verdicts that need a reason code from the dictionary (VERIFY_REASON). */
export const REASONED_VERDICTS: readonly VerificationVerdict[] = ['legal', 'other'];

export const verificationMachine = defineMachine<VerificationStatus, 'verification'>({
  id: 'verification',
  states: VERIFICATION_STATUSES,
  initial: 'pushed',
  awaiting: 'submitted',
  dictionary: 'VERIFY_STAGE',
  transitions: [
    { from: 'pushed', to: 'checking', by: ['checker', 'admin'] },
    { from: 'checking', to: 'submitted', by: ['checker'] },
    { from: 'submitted', to: 'passed', by: ['reviewer'] },
    { from: 'submitted', to: 'returned', by: ['reviewer'], noteRequired: true },
    { from: 'returned', to: 'submitted', by: ['checker'] },
    { from: 'passed', to: 'confirmed', by: ['confirmer', 'admin'] },
    { from: 'passed', to: 'returned', by: ['confirmer', 'admin'], noteRequired: true },
    { from: 'confirmed', to: 'ordered', by: ['confirmer', 'admin', 'system'] },
    { from: 'confirmed', to: 'closed', by: ['confirmer', 'admin', 'system'] },
    { from: 'confirmed', to: 'objected', by: ['checker'], noteRequired: true },
    { from: 'objected', to: 'confirmed', by: ['confirmer', 'admin'], noteRequired: true },
    { from: 'objected', to: 'returned', by: ['confirmer', 'admin'], noteRequired: true },
    { from: 'ordered', to: 'rectifying', by: ['checker'] },
    { from: 'rectifying', to: 'rectified', by: ['checker'] },
    { from: 'rectified', to: 'closed', by: ['confirmer', 'admin'] },
    { from: 'rectified', to: 'rectifying', by: ['confirmer', 'admin'], noteRequired: true },
  ],
  terminal: ['closed'],
});

/**
 * Where a confirmed verdict leads: an illegal one on to rectification (`ordered`), any other to `closed`. Every
 * other move is the machine's alone.
 */
export function verdictAllows(from: VerificationStatus, to: VerificationStatus, verdict: VerificationVerdict | null): boolean {
  if (from !== 'confirmed' || (to !== 'ordered' && to !== 'closed')) return true;
  const illegal = verdict !== null && ILLEGAL_VERDICTS.includes(verdict);
  return to === 'ordered' ? illegal : !illegal;
}

/** The stages `roles` may move a case at `from` (with `verdict`) to, each with whether it needs a note. */
export function verificationMoves(
  from: VerificationStatus,
  roles: readonly Role[],
  verdict: VerificationVerdict | null,
): { to: VerificationStatus; noteRequired: boolean }[] {
  const moves = new Map<VerificationStatus, boolean>();
  for (const role of roles) {
    for (const t of nextTransitions(verificationMachine, from, role)) {
      if (verdictAllows(from, t.to, verdict)) moves.set(t.to, (moves.get(t.to) ?? true) && Boolean(t.noteRequired));
    }
  }
  return VERIFICATION_STATUSES.filter((s) => moves.has(s)).map((to) => ({ to, noteRequired: moves.get(to)! }));
}

/** The stages from which `role` can move a case at all (a role's queue). */
export function statusesMovableBy(role: Role): VerificationStatus[] {
  return VERIFICATION_STATUSES.filter((s) => nextTransitions(verificationMachine, s, role).length > 0);
}
