import { VERIFICATION_STATUSES } from '@/lib/shared/workflow';
import { approveMove, holderOf, noteRequired } from './stages';

describe('verification stages on the screens', () => {
  it('names who holds a case at each stage from the machine', () => {
    expect(holderOf('pushed')).toBe('checker');
    expect(holderOf('checking')).toBe('checker');
    expect(holderOf('submitted')).toBe('reviewer');
    expect(holderOf('returned')).toBe('checker');
    expect(holderOf('passed')).toBe('confirmer');
    expect(holderOf('objected')).toBe('confirmer');
    expect(holderOf('ordered')).toBe('checker');
    expect(holderOf('rectifying')).toBe('checker');
    expect(holderOf('rectified')).toBe('confirmer');
    expect(holderOf('closed')).toBeNull();
    // Every stage but the last has a holder: nothing waits on nobody.
    expect(VERIFICATION_STATUSES.filter((s) => holderOf(s) === null)).toEqual(['closed']);
  });

  it('asks for a reason exactly where the machine does', () => {
    expect(noteRequired('submitted', 'returned')).toBe(true);
    expect(noteRequired('passed', 'returned')).toBe(true);
    expect(noteRequired('objected', 'confirmed')).toBe(true);
    expect(noteRequired('submitted', 'passed')).toBe(false);
    expect(noteRequired('passed', 'confirmed')).toBe(false);
  });

  it('picks the forward move of a case, never the send-back', () => {
    expect(approveMove(['passed', 'returned'])).toBe('passed');
    expect(approveMove(['returned', 'confirmed'])).toBe('confirmed');
    expect(approveMove(['returned'])).toBeNull();
    expect(approveMove([])).toBeNull();
  });
});
