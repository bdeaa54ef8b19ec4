/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { spotKeys } from '@/lib/client/queries/spots';
import { createTestQueryClient, render } from '@/test-utils/render';
import type { CaseDetail } from '@/lib/shared/contracts/verification';
import { EMPTY_DRAFT, formProblems, type CaseFormDraft } from '@/lib/shared/verification/case-form';
import { CaseForm } from './case-form';
import { CaseMoves } from './case-moves';

const item = (code: string, itemValue: string, name: string, sort: number) => ({ code, itemValue, name, nameZh: name, nameEn: name, sort });

function seededClient() {
  const client = createTestQueryClient();
  client.setQueryData(spotKeys.dictionary('en', 'VERIFY_VERDICT'), [
    item('VERIFY_VERDICT', 'legal', 'Legal', 1),
    item('VERIFY_VERDICT', 'illegal_new', 'Illegal (new)', 2),
    item('VERIFY_VERDICT', 'other', 'Other', 4),
  ]);
  client.setQueryData(spotKeys.dictionary('en', 'VERIFY_REASON'), [item('VERIFY_REASON', 'approved_use', 'Land use approved', 1)]);
  return client;
}

const detail = {
  id: '7',
  verdictName: 'Illegal (new)',
  form: {
    verdict: 'illegal_new',
    reasonCode: null,
    reasonName: null,
    approvalNo: null,
    builder: 'Li Si',
    buildDate: null,
    remarks: 'Dug up',
  },
  moves: [
    { to: 'passed', toName: 'Passed', noteRequired: false },
    { to: 'returned', toName: 'Returned', noteRequired: true },
  ],
} as unknown as CaseDetail;

/** The form as the page holds it: the draft in state, problems once a submit was tried. */
function EditableForm() {
  const [draft, setDraft] = useState<CaseFormDraft>(EMPTY_DRAFT);
  const [checked, setChecked] = useState(false);
  return (
    <>
      <CaseForm
        detail={detail}
        editable
        draft={draft}
        problems={checked ? formProblems(draft) : {}}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        restored={false}
        onDiscard={() => undefined}
      />
      <button type="button" onClick={() => setChecked(true)}>
        check
      </button>
    </>
  );
}

describe('the verdict form', () => {
  it('asks for a reason only with a verdict that needs one, and for the approval number only with a legal one', () => {
    render(<EditableForm />, { queryClient: seededClient() });
    const verdict = screen.getByRole('combobox', { name: /Verdict/ });
    expect(
      within(verdict)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Illegal (new)');
    expect(screen.queryByRole('combobox', { name: /Reason/ })).toBeNull();

    fireEvent.change(verdict, { target: { value: 'legal' } });
    expect((screen.getByRole('combobox', { name: /Reason/ }) as HTMLSelectElement).required).toBe(true);
    expect((screen.getByRole('textbox', { name: /Approval number/ }) as HTMLInputElement).required).toBe(true);

    fireEvent.click(screen.getByText('check'));
    expect(screen.getByText('This verdict needs a reason.')).toBeTruthy();
    expect(screen.getByText('A legal verdict needs the approval number.')).toBeTruthy();

    fireEvent.change(verdict, { target: { value: 'other' } });
    expect(screen.getByRole('combobox', { name: /Reason/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Approval number/ })).toBeNull();

    fireEvent.change(verdict, { target: { value: 'illegal_new' } });
    expect(screen.queryByRole('combobox', { name: /Reason/ })).toBeNull();
    expect(screen.queryByText('This verdict needs a reason.')).toBeNull();
  });

  it('shows what the case holds, unchangeable, when the checker may not submit now', () => {
    render(
      <CaseForm
        detail={detail}
        editable={false}
        draft={EMPTY_DRAFT}
        problems={{}}
        onChange={() => undefined}
        restored={false}
        onDiscard={() => undefined}
      />,
      { queryClient: seededClient() },
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    const shown = screen.getByTestId('case-form-readonly');
    expect(shown.textContent).toContain('Illegal (new)');
    expect(shown.textContent).toContain('Li Si');
    expect(shown.textContent).toContain('Dug up');
  });
});

describe('the moves', () => {
  it('makes a move without a note at once, and asks the reason of one that needs it in a labelled dialog', async () => {
    const made: [string, string | null][] = [];
    render(
      <CaseMoves
        detail={detail}
        busy={false}
        onMove={async (move, note) => {
          made.push([move.to, note]);
          return null;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pass to the province' }));
    expect(made).toEqual([['passed', null]]);

    fireEvent.click(screen.getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeTruthy();
    expect(made).toHaveLength(1);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: '  Photos missing  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Send back' });
    expect(made).toEqual([
      ['passed', null],
      ['returned', 'Photos missing'],
    ]);
  });

  it('keeps the dialog and the note when the move is refused, with the refusal in it', async () => {
    render(<CaseMoves detail={detail} busy={false} onMove={async () => 'The case has changed.'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Photos missing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The case has changed.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe('Photos missing');
  });
});
