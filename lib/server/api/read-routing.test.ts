/**
 * Which API calls the read replica may answer (`readsFromReplica`, the decision withApi makes for every contract;
 * docs/adr/0034-read-replica.md): the catalogue search and the public answers computed from the loaded datasets
 * (statistics, region lookups) — never a call that writes or reads what a user keeps.
 */
import { ALL_CONTRACTS } from '../../shared/contracts';
import { readsFromReplica } from './with-api';

const published = ALL_CONTRACTS.filter(readsFromReplica);
const paths = published.map((c) => `${c.method} ${c.path}`);

describe('readsFromReplica', () => {
  it('sends the image query’s search and the statistics to the replica', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/normal/v5/normalmeta/base',
        'POST /api/normal/v5/normalmeta/allids',
        'GET /api/normal/v5/normalmeta/filename',
        'GET /api/normal/v5/normalmeta/id/{id}',
        'GET /api/sta-image/v2/statistics/coverage/{a}/{b}/{c}',
      ]),
    );
    expect(paths.some((p) => /\/statistics\/lastest$/.test(p))).toBe(true);
  });

  it('keeps every write, and every read of what users keep, on the primary', () => {
    const kept = /\/(order|ordercart|requests?|apply|verif|subscri|push|usercenter|users?|feedback|news|faq|files|fileinfo|upload)\b/i;
    expect(paths.filter((p) => kept.test(p))).toEqual([]);
    // A state-changing method is a published read only when it is a search that says so.
    for (const c of published) if (c.method !== 'GET') expect(c.publishedRead).toBe(true);
    // Calls that need a login read data the user may just have changed.
    expect(published.filter((c) => c.access !== 'public').map((c) => c.path)).toEqual([]);
  });

  it('leaves the coverage analyses (temporary tables, which a standby cannot create) on the primary', () => {
    expect(paths.filter((p) => /normalmeta\/(coverage|coveragebyids|unionarea|fallfigure|notcovershp)$/.test(p))).toEqual([]);
  });
});
