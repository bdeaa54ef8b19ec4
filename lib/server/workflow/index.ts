import 'server-only';
/** The workflow engine (ADR 0018): transitions, history, and the review lists of every workflow. */
export {
  countHistory,
  importHistories,
  lastChangeSql,
  lockState,
  readHistory,
  recordStart,
  transition,
  verifyChain,
  type Change,
  type HistoryEntry,
  type ImportedStep,
  type TransitionOptions,
} from './engine';
export { managedFilterSql, pagedReviewList, pendingCount, type ManagedListFilter, type ReviewListSql } from './review-list';
export { machineOf, type StateOf } from './subjects';
export { verifySubjectChain } from './verify';
