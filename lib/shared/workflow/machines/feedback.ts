/**
 * The feedback workflow (spec §6 MOD_054): a user's feedback waits for an answer; an administrator answers
 * it, and may change the answer later (each answer is a history row). FEEDBACK_STATUS names the states.
 */
import { defineMachine } from '../machine';

export const FEEDBACK_STATUSES = ['received', 'replied'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const feedbackMachine = defineMachine<FeedbackStatus, 'feedback'>({
  id: 'feedback',
  states: FEEDBACK_STATUSES,
  initial: 'received',
  awaiting: 'received',
  dictionary: 'FEEDBACK_STATUS',
  transitions: [
    { from: 'received', to: 'replied', by: ['admin'] },
    { from: 'replied', to: 'replied', by: ['admin'] }, // the answer changed
  ],
  terminal: [],
});
