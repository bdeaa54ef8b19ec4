/**
 * What the verification screens say about a stage, derived from the case machine (lib/shared/workflow): who holds a
 * case at a stage (the level whose step it is — spotTrack's "with whom"), whether a move needs a written reason, and
 * which stages are "approve" and "send back" from a reviewer's queue. Pure, so it is tested without a browser.
 */
import { nextTransitions, ROLES, verificationMachine, type VerificationStatus } from '@/lib/shared/workflow';

export type Holder = 'checker' | 'reviewer' | 'confirmer';
const LEVELS: readonly Holder[] = ['checker', 'reviewer', 'confirmer'];

/** The level whose step a case at `stage` waits on; null once closed (nobody holds it). */
export function holderOf(stage: VerificationStatus): Holder | null {
  return LEVELS.find((role) => nextTransitions(verificationMachine, stage, role).length > 0) ?? null;
}

/** The machine asks for a reason to move a case from `from` to `to` (a send-back, a ruling on an objection). */
export function noteRequired(from: VerificationStatus, to: VerificationStatus): boolean {
  return ROLES.some((role) => nextTransitions(verificationMachine, from, role).some((t) => t.to === to && t.noteRequired === true));
}

/** The stage a case goes to when sent back. */
export const SEND_BACK: VerificationStatus = 'returned';

/** Of the moves a case offers me, the one that carries it forward (approve, confirm, uphold); null when none. */
export function approveMove(actions: readonly VerificationStatus[]): VerificationStatus | null {
  return actions.find((to) => to !== SEND_BACK && (to === 'passed' || to === 'confirmed' || to === 'closed' || to === 'ordered')) ?? null;
}

/** Stages listed under "rectification" in spotTrack. */
export const RECTIFICATION_STAGES: readonly VerificationStatus[] = ['ordered', 'rectifying', 'rectified'];

/** A stage's badge colour (its name is always written beside it: colour is never the only signal). */
export function stageColor(stage: VerificationStatus): string {
  switch (stage) {
    case 'pushed':
      return 'blue';
    case 'checking':
      return 'cyan';
    case 'submitted':
      return 'indigo';
    case 'returned':
      return 'orange';
    case 'passed':
      return 'teal';
    case 'confirmed':
      return 'green';
    case 'objected':
      return 'grape';
    case 'ordered':
    case 'rectifying':
      return 'red';
    case 'rectified':
      return 'lime';
    case 'closed':
      return 'gray';
  }
}
