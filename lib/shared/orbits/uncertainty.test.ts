import { certainSwathKm, elementAgeDays, isStaleAge, positionUncertaintyKm, STALE_TLE_DAYS, UNCERTAINTY_MODEL, uncertaintyRangeKm } from './uncertainty';

describe('the position uncertainty of two-line elements (one model for every screen)', () => {
  it('is 1 km at the epoch and grows 2 km a day either side, in whole km rounded up', () => {
    expect(UNCERTAINTY_MODEL).toEqual({ atEpochKm: 1, perDayKm: 2 });
    expect(positionUncertaintyKm(0)).toBe(1);
    expect(positionUncertaintyKm(3)).toBe(7);
    expect(positionUncertaintyKm(-3)).toBe(7);
    expect(positionUncertaintyKm(0.2)).toBe(2);
    // The case: elements 98 days old.
    expect(positionUncertaintyKm(98)).toBe(197);
    expect(positionUncertaintyKm(98.4)).toBe(198);
  });

  it('gives the range a window’s passes lie in, over every satellite’s elements', () => {
    const day = 86_400_000;
    const epoch = Date.UTC(2026, 7, 21);
    // Two sets, 98 and 97 days old at the start of a 7-day window.
    expect(uncertaintyRangeKm([epoch, epoch + day], epoch + 98 * day, epoch + 105 * day)).toEqual({ minKm: 195, maxKm: 211 });
    // An epoch inside the window: 1 km at its epoch.
    expect(uncertaintyRangeKm([epoch + 2 * day], epoch, epoch + 7 * day)).toEqual({ minKm: 1, maxKm: 11 });
  });

  it('calls elements stale past 14 days', () => {
    const epoch = Date.UTC(2026, 7, 21);
    expect(elementAgeDays(epoch, epoch + 98 * 86_400_000)).toBe(98);
    expect(isStaleAge(STALE_TLE_DAYS)).toBe(false);
    expect(isStaleAge(STALE_TLE_DAYS + 0.01)).toBe(true);
    expect(isStaleAge(-15)).toBe(true);
  });

  it('leaves of a swath only what lies inside it wherever the satellite is: nothing once the error reaches half of it', () => {
    expect(certainSwathKm(90, 3)).toBe(84);
    expect(certainSwathKm(90, 45)).toBe(0);
    // GF-6 PMS (90 km) with elements 98 days old: nothing certain.
    expect(certainSwathKm(90, positionUncertaintyKm(98))).toBe(0);
    expect(certainSwathKm(800, positionUncertaintyKm(98))).toBe(406);
  });
});
