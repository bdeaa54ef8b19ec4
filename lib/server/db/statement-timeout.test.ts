import { pieceDeadline } from './statement-timeout';

describe('pieceDeadline', () => {
  it('lets pieces run within the budget and stops the first one past it with the caller’s error', () => {
    const tooSlow = new Error('too slow');
    let now = 1_000;
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const check = pieceDeadline(500, () => tooSlow);
      now += 499;
      expect(() => check()).not.toThrow();
      now += 2;
      expect(() => check()).toThrow(tooSlow);
    } finally {
      clock.mockRestore();
    }
  });
});
