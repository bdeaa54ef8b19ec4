/** Issue 33: the verification case's machine — who may move a case where, and that every case can end. */
import { checkTransition, findTransition, ROLES, type Role } from '../machine';
import { VERIFICATION_STATUSES, verificationMachine as m, type VerificationStatus } from './verification';

/** The states reachable from `from` along the machine's transitions (any role). */
function reachable(from: VerificationStatus): Set<VerificationStatus> {
  const seen = new Set<VerificationStatus>([from]);
  const queue = [from];
  while (queue.length) {
    const s = queue.shift()!;
    for (const t of m.transitions)
      if (t.from === s && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
  }
  return seen;
}

describe('the verification machine', () => {
  it('walks the journey of the issue: check, submit, return, resubmit, pass, confirm, rectify, close', () => {
    const journey: Array<[VerificationStatus, VerificationStatus, Role, string?]> = [
      ['pushed', 'checking', 'checker'],
      ['checking', 'submitted', 'checker'],
      ['submitted', 'returned', 'reviewer', 'photos do not show the north-east corner'],
      ['returned', 'submitted', 'checker'],
      ['submitted', 'passed', 'reviewer'],
      ['passed', 'confirmed', 'confirmer'],
      ['confirmed', 'ordered', 'confirmer'],
      ['ordered', 'rectifying', 'checker'],
      ['rectifying', 'rectified', 'checker'],
      ['rectified', 'closed', 'confirmer'],
    ];
    for (const [from, to, role, note] of journey) expect(checkTransition(m, from, to, role, note).ok).toBe(true);
  });

  it('lets each level act only on its own step', () => {
    expect(findTransition(m, 'checking', 'submitted', 'reviewer')).toBeUndefined();
    expect(findTransition(m, 'checking', 'submitted', 'admin')).toBeUndefined();
    expect(findTransition(m, 'submitted', 'passed', 'checker')).toBeUndefined();
    expect(findTransition(m, 'submitted', 'passed', 'confirmer')).toBeUndefined();
    expect(findTransition(m, 'passed', 'confirmed', 'reviewer')).toBeUndefined();
    expect(findTransition(m, 'confirmed', 'objected', 'reviewer')).toBeUndefined();
    expect(findTransition(m, 'submitted', 'confirmed', 'confirmer')).toBeUndefined();
    // Nobody but the verification roles, the administrator and (for the push and the close) the system.
    for (const t of m.transitions) expect(t.by).not.toContain('owner');
  });

  it('needs a reason for every return, objection and reopened rectification', () => {
    for (const [from, to, role] of [
      ['submitted', 'returned', 'reviewer'],
      ['passed', 'returned', 'confirmer'],
      ['confirmed', 'objected', 'checker'],
      ['objected', 'confirmed', 'confirmer'],
      ['objected', 'returned', 'confirmer'],
      ['rectified', 'rectifying', 'confirmer'],
    ] as Array<[VerificationStatus, VerificationStatus, Role]>) {
      expect(checkTransition(m, from, to, role, ' ')).toEqual({ ok: false, refusal: 'noteRequired' });
      expect(checkTransition(m, from, to, role, 'reason').ok).toBe(true);
    }
  });

  it('can close every case from every state, and nothing leaves a closed one', () => {
    for (const s of VERIFICATION_STATUSES) expect(reachable(s).has('closed')).toBe(true);
    expect(m.transitions.filter((t) => t.from === 'closed')).toEqual([]);
    expect(reachable('pushed').size).toBe(VERIFICATION_STATUSES.length);
    expect(ROLES).toEqual(expect.arrayContaining(['checker', 'reviewer', 'confirmer']));
  });
});
