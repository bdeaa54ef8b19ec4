import { moveCaseBodySchema } from '../contracts/verification';
import { EMPTY_DRAFT, draftOf, formBody, formProblems, parseDraft, sameDraft, type CaseFormDraft } from './case-form';

const draft = (patch: Partial<CaseFormDraft>): CaseFormDraft => ({ ...EMPTY_DRAFT, ...patch });

describe('the verdict form’s rules (the server’s, checked before sending)', () => {
  it('needs a verdict', () => {
    expect(formProblems(EMPTY_DRAFT)).toEqual({ verdict: 'verdictRequired' });
  });

  it('asks a reason of a legal or “other” verdict only, and an approval number of a legal one only', () => {
    expect(formProblems(draft({ verdict: 'legal' }))).toEqual({ reasonCode: 'reasonRequired', approvalNo: 'approvalRequired' });
    expect(formProblems(draft({ verdict: 'other' }))).toEqual({ reasonCode: 'reasonRequired' });
    expect(formProblems(draft({ verdict: 'illegal_new' }))).toEqual({});
    expect(formProblems(draft({ verdict: 'rural_road' }))).toEqual({});
    expect(formProblems(draft({ verdict: 'legal', reasonCode: 'approved_use', approvalNo: '  ' }))).toEqual({
      approvalNo: 'approvalRequired',
    });
    expect(formProblems(draft({ verdict: 'legal', reasonCode: 'approved_use', approvalNo: '冀政地〔2025〕12号' }))).toEqual({});
  });

  it('refuses a date that is not one and text past the server’s limits', () => {
    expect(formProblems(draft({ verdict: 'illegal_old', buildDate: '2025-02-30' }))).toEqual({ buildDate: 'badDate' });
    expect(formProblems(draft({ verdict: 'illegal_old', buildDate: '2025-02-28' }))).toEqual({});
    expect(formProblems(draft({ verdict: 'illegal_old', remarks: 'x'.repeat(2001), builder: 'y'.repeat(201) }))).toEqual({
      remarks: 'tooLong',
      builder: 'tooLong',
    });
  });
});

describe('what a submit sends', () => {
  it('leaves out a reason and approval number the chosen verdict does not take, and empty text', () => {
    const body = formBody(draft({ verdict: 'illegal_new', reasonCode: 'seasonal', approvalNo: 'A-1', builder: '  ', remarks: ' dug up ' }));
    expect(body).toEqual({ verdict: 'illegal_new', reasonCode: null, approvalNo: null, builder: null, buildDate: null, remarks: 'dug up' });
    // …and the server's schema takes it as it is.
    expect(moveCaseBodySchema.safeParse({ to: 'submitted', version: 3, form: body }).success).toBe(true);
  });

  it('sends the reason and number of a legal verdict', () => {
    expect(formBody(draft({ verdict: 'legal', reasonCode: 'approved_use', approvalNo: ' A-1 ', buildDate: '2025-03-01' }))).toEqual({
      verdict: 'legal',
      reasonCode: 'approved_use',
      approvalNo: 'A-1',
      builder: null,
      buildDate: '2025-03-01',
      remarks: null,
    });
  });

  it('sends nothing without a verdict', () => {
    expect(formBody(EMPTY_DRAFT)).toBeNull();
  });
});

describe('the draft kept in session storage', () => {
  const saved = {
    verdict: 'other',
    reasonCode: 'seasonal',
    approvalNo: null,
    builder: 'Li',
    buildDate: '2025-01-02',
    remarks: 'x',
  } as const;

  it('starts from the case’s form, empty text for nulls', () => {
    expect(draftOf({ ...saved, reasonName: 'Seasonal change' })).toEqual({
      verdict: 'other',
      reasonCode: 'seasonal',
      approvalNo: '',
      builder: 'Li',
      buildDate: '2025-01-02',
      remarks: 'x',
    });
  });

  it('reads back what was stored, and nothing from a value that is not a draft', () => {
    const typed = draft({ verdict: 'legal', remarks: 'typed before the 409' });
    expect(parseDraft(JSON.stringify(typed))).toEqual(typed);
    expect(parseDraft(JSON.stringify({ ...typed, verdict: 'bribed' }))).toBeNull();
    expect(parseDraft(JSON.stringify({ verdict: null, remarks: 7 }))).toEqual(EMPTY_DRAFT);
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });

  it('tells a changed draft from the case’s own', () => {
    expect(sameDraft(draft({ remarks: 'a' }), draft({ remarks: 'a' }))).toBe(true);
    expect(sameDraft(draft({ remarks: 'a' }), draft({ remarks: 'b' }))).toBe(false);
  });
});
