/**
 * The checker's verdict form on a case's page (issue 33, lawSpotDetail), kept apart from the screen so its rules
 * can be tested: which fields a verdict needs (the same rules the server enforces in
 * lib/server/verification/cases.ts `checkForm`), what is sent with a submit, and the draft kept in session storage
 * so nothing typed is lost when the case changes under the form (409) or the page reloads.
 */
import { REASONED_VERDICTS, VERIFICATION_VERDICTS, type VerificationVerdict } from '../workflow/machines/verification';
import type { CaseDetail, MoveCaseBody } from '../contracts/verification';

/** What the form holds while it is typed: every field as text ('' for empty), the verdict null until chosen. */
export interface CaseFormDraft {
  verdict: VerificationVerdict | null;
  reasonCode: string;
  approvalNo: string;
  builder: string;
  buildDate: string;
  remarks: string;
}

export type CaseFormField = keyof CaseFormDraft;
/** The problems the form reports before anything is sent (message keys of VerifyCase.form.errors). */
export type CaseFormProblem = 'verdictRequired' | 'reasonRequired' | 'approvalRequired' | 'badDate' | 'tooLong';

/** The longest text of each field (the server's limits, lib/shared/contracts/verification.ts). */
export const CASE_FORM_LIMITS = { approvalNo: 100, builder: 200, remarks: 2000 } as const;
export const NOTE_LIMIT = 2000;

export const EMPTY_DRAFT: CaseFormDraft = { verdict: null, reasonCode: '', approvalNo: '', builder: '', buildDate: '', remarks: '' };

/** The verdict needs a reason from the dictionary VERIFY_REASON (legal, other). */
export const needsReason = (verdict: VerificationVerdict | null): boolean => verdict !== null && REASONED_VERDICTS.includes(verdict);
/** The verdict needs the approval number of the land use (legal). */
export const needsApproval = (verdict: VerificationVerdict | null): boolean => verdict === 'legal';

/** The form as the case holds it. */
export function draftOf(form: CaseDetail['form']): CaseFormDraft {
  return {
    verdict: form.verdict,
    reasonCode: form.reasonCode ?? '',
    approvalNo: form.approvalNo ?? '',
    builder: form.builder ?? '',
    buildDate: form.buildDate ?? '',
    remarks: form.remarks ?? '',
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real day (not 2025-02-30, which Date would roll over to March). */
const validDate = (text: string) => {
  if (!ISO_DATE.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
};

/** The problems of a draft, by field; empty when it can be submitted. */
export function formProblems(draft: CaseFormDraft): Partial<Record<CaseFormField, CaseFormProblem>> {
  const problems: Partial<Record<CaseFormField, CaseFormProblem>> = {};
  if (draft.verdict === null) problems.verdict = 'verdictRequired';
  if (needsReason(draft.verdict) && !draft.reasonCode) problems.reasonCode = 'reasonRequired';
  if (needsApproval(draft.verdict) && !draft.approvalNo.trim()) problems.approvalNo = 'approvalRequired';
  else if (draft.approvalNo.trim().length > CASE_FORM_LIMITS.approvalNo) problems.approvalNo = 'tooLong';
  if (draft.builder.trim().length > CASE_FORM_LIMITS.builder) problems.builder = 'tooLong';
  if (draft.buildDate && !validDate(draft.buildDate)) problems.buildDate = 'badDate';
  if (draft.remarks.trim().length > CASE_FORM_LIMITS.remarks) problems.remarks = 'tooLong';
  return problems;
}

/**
 * The form sent with a submit: a reason only for a verdict that takes one, an approval number only for a legal
 * verdict (a reason or number left from an earlier verdict is not sent), empty text as null.
 */
export function formBody(draft: CaseFormDraft): NonNullable<MoveCaseBody['form']> | null {
  if (draft.verdict === null) return null;
  const text = (value: string) => value.trim() || null;
  return {
    verdict: draft.verdict,
    reasonCode: needsReason(draft.verdict) ? draft.reasonCode || null : null,
    approvalNo: needsApproval(draft.verdict) ? text(draft.approvalNo) : null,
    builder: text(draft.builder),
    buildDate: draft.buildDate || null,
    remarks: text(draft.remarks),
  };
}

/** Two drafts say the same (the draft differs from what the case holds: it has unsaved changes). */
export function sameDraft(a: CaseFormDraft, b: CaseFormDraft): boolean {
  return (Object.keys(EMPTY_DRAFT) as CaseFormField[]).every((key) => a[key] === b[key]);
}

// ── The draft in session storage, keyed by case id ─────────────────────────────────────────────────

const draftKey = (caseId: string) => `portal.verifyCase.${caseId}`;

/** A stored draft, or null when there is none or it is not one (a stored value is never trusted). */
export function parseDraft(raw: string | null): CaseFormDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return null;
    const verdict = value.verdict === null ? null : VERIFICATION_VERDICTS.find((v) => v === value.verdict);
    if (verdict === undefined) return null;
    const text = (key: Exclude<CaseFormField, 'verdict'>) => (typeof value[key] === 'string' ? (value[key] as string) : '');
    return {
      verdict,
      reasonCode: text('reasonCode'),
      approvalNo: text('approvalNo'),
      builder: text('builder'),
      buildDate: text('buildDate'),
      remarks: text('remarks'),
    };
  } catch {
    return null;
  }
}

export function readDraft(caseId: string): CaseFormDraft | null {
  try {
    return parseDraft(sessionStorage.getItem(draftKey(caseId)));
  } catch {
    return null;
  }
}

export function saveDraft(caseId: string, draft: CaseFormDraft): void {
  try {
    sessionStorage.setItem(draftKey(caseId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft lives in the page's state only.
  }
}

export function clearDraft(caseId: string): void {
  try {
    sessionStorage.removeItem(draftKey(caseId));
  } catch {
    // Nothing to clear.
  }
}
