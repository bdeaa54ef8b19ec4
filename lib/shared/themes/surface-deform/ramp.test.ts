import { DEFORM_RATE_CLASSES } from '.';
import { rateClassOf, rateColor } from './ramp';

describe('deformation rate ramp', () => {
  it('puts subsidence in red, stable ground near white and uplift in blue, outer classes open-ended', () => {
    expect(rateColor(-110)).toBe('#67001f');
    expect(rateColor(-500)).toBe('#67001f');
    expect(rateColor(-5)).toBe('#f7f7f7');
    expect(rateColor(4.9)).toBe('#f7f7f7');
    expect(rateColor(5)).toBe('#d1e5f0');
    expect(rateColor(300)).toBe('#2166ac');
  });

  it('places a value on a class limit in the upper class, as the legend labels read', () => {
    for (const c of DEFORM_RATE_CLASSES.slice(1)) expect(rateClassOf(c.from)).toBe(c);
  });
});
