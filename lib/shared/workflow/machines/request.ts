/**
 * The data-application workflow (issue 19; spec §3 request, REQUEST_STATUS dictionary): an application
 * waits for review; an administrator approves it (its order is placed in the same transaction) or rejects
 * it with a reason; the applicant may withdraw it while it waits.
 */
import { defineMachine } from '../machine';

export const REQUEST_STATUS = { PENDING: 1, APPROVED: 2, REJECTED: 3, WITHDRAWN: 4 } as const;
export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];

const R = REQUEST_STATUS;

export const requestMachine = defineMachine<RequestStatus, 'request'>({
  id: 'request',
  states: Object.values(REQUEST_STATUS),
  initial: R.PENDING,
  awaiting: R.PENDING,
  dictionary: 'REQUEST_STATUS',
  transitions: [
    { from: R.PENDING, to: R.APPROVED, by: ['admin'] },
    { from: R.PENDING, to: R.REJECTED, by: ['admin'], noteRequired: true },
    { from: R.PENDING, to: R.WITHDRAWN, by: ['owner'] },
  ],
  terminal: [R.APPROVED, R.REJECTED, R.WITHDRAWN],
});
