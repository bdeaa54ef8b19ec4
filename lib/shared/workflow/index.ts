/**
 * Workflows as data (ADR 0018; docs/adding-a-workflow.md): every machine once, and the pure checks the
 * server engine (lib/server/workflow) and the screens share.
 */
import { feedbackMachine } from './machines/feedback';
import { orderMachine } from './machines/order';
import { requestMachine } from './machines/request';
import { verificationMachine } from './machines/verification';

export * from './machine';
export { ORDER_STATUS, ORDER_STATUSES, orderMachine, type OrderStatus } from './machines/order';
export { REQUEST_STATUS, requestMachine, type RequestStatus } from './machines/request';
export { FEEDBACK_STATUSES, feedbackMachine, type FeedbackStatus } from './machines/feedback';
export {
  ILLEGAL_VERDICTS,
  REASONED_VERDICTS,
  VERIFICATION_STATUSES,
  VERIFICATION_VERDICTS,
  verificationMachine,
  verdictAllows,
  verificationMoves,
  statusesMovableBy,
  type VerificationStatus,
  type VerificationVerdict,
} from './machines/verification';

/** Every workflow, by id (the `workflow` column of the history rows). */
export const WORKFLOWS = {
  order: orderMachine,
  request: requestMachine,
  feedback: feedbackMachine,
  verification: verificationMachine,
} as const;
export type WorkflowId = keyof typeof WORKFLOWS;
