import { DEMO_SETS } from '../../shared/contracts/figures';
import { SEED_STEPS } from './seeds';

/** The screens' "demo data still loading" notice names the background steps by these names (issue 32.5). */
describe('the background demo sets', () => {
  it('are the steps the demo-status contract names, so no screen misses one that is still loading', () => {
    expect(SEED_STEPS.filter((s) => s.background).map((s) => s.name)).toEqual([...DEMO_SETS]);
  });
});
