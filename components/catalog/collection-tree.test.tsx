/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render, screen } from '@/test-utils/render';
import { COLLECTIONS } from '@/lib/shared/catalogue/missions';
import { CollectionTree } from './collection-tree';

const ids = (group: string) => COLLECTIONS.filter((c) => c.mission.group === group).map((c) => c.id);

function Harness({ initial = null, onValue }: { initial?: string[] | null; onValue: (v: string[] | null) => void }) {
  const [value, setValue] = useState<string[] | null>(initial);
  return (
    <CollectionTree
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('CollectionTree', () => {
  it('groups satellites as users think of them, all chosen at first', () => {
    render(<Harness onValue={() => {}} />);
    const radar = ids('radar').length;
    expect(screen.getByRole('checkbox', { name: `Radar (${radar}/${radar})` })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Chinese optical/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^International/ })).toBeChecked();
    expect(screen.getByText(`${COLLECTIONS.length} of ${COLLECTIONS.length} chosen`)).toBeInTheDocument();
  });

  it('select-all of a group clears and chooses exactly that group', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByRole('checkbox', { name: /^Radar/ }));
    const withoutRadar = COLLECTIONS.map((c) => c.id).filter((id) => !ids('radar').includes(id));
    expect(onValue).toHaveBeenLastCalledWith(withoutRadar);
    expect(screen.getByRole('checkbox', { name: /^Radar/ })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onValue).toHaveBeenLastCalledWith([]);
    await user.click(screen.getByRole('checkbox', { name: /^International/ }));
    expect(onValue).toHaveBeenLastCalledWith(ids('international'));
    // Everything chosen again is "all" (null): no collections in the request.
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('a group with some sensors chosen shows a mixed box', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['gf1-pms']} onValue={() => {}} />);
    const group = screen.getByRole('checkbox', { name: /^Chinese optical \(1\// });
    expect(group).not.toBeChecked();
    expect(group).toHaveAttribute('data-indeterminate', 'true');
    await user.click(group);
    expect(screen.getByRole('checkbox', { name: /^Chinese optical/ })).toBeChecked();
  });

  it('works from the keyboard: disclosure by Enter, sensors by Tab and Space', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness initial={[]} onValue={onValue} />);
    const toggle = screen.getByRole('button', { name: 'Show or hide Radar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'GF-3 FSII, 10 m' })).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // the group's select-all box
    await user.tab(); // the first radar sensor
    expect(screen.getByRole('checkbox', { name: 'GF-3 FSII, 10 m' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onValue).toHaveBeenLastCalledWith(['gf3-fsii']);
  });
});
