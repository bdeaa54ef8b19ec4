/**
 * The history chain's canonical form and hash (issue 33.5). The fixed vectors were computed outside this code
 * (`printf '…' | sha256sum` over the form written out by hand), so a change of the form fails here.
 */
import { canonicalHistoryRow, checkChain, historyRowHash, type ChainedContent, type StoredChainRow } from './chain';

const first: ChainedContent = {
  workflow: 'order',
  subjectId: '42',
  fromStatus: null,
  toStatus: '1',
  actorId: '7',
  actorRole: 'owner',
  note: '拒绝：范围外',
  changedAt: '2026-11-29T03:02:30.634512Z',
  prevHash: null,
};
const FIRST_HASH = '4627ca664849d6095da6f8de38496450a5ad93c8c9d645b848cf45c29195b562';
const second: ChainedContent = {
  workflow: 'order',
  subjectId: '42',
  fromStatus: '1',
  toStatus: '2',
  actorId: null,
  actorRole: 'system',
  note: null,
  changedAt: '2026-11-29T04:00:00.000001Z',
  prevHash: FIRST_HASH,
};
const SECOND_HASH = '70a3f84ed3ed88e891de5813479477753b5139373a8b4116d991bafbd70b58f5';

describe('the history chain', () => {
  it('writes each field length-prefixed in UTF-8 bytes, a null as "-"', () => {
    expect(canonicalHistoryRow(first)).toBe(
      'workflow-history/1\n5:order\n2:42\n-\n1:1\n1:7\n5:owner\n18:拒绝：范围外\n27:2026-11-29T03:02:30.634512Z\n-',
    );
  });

  it('hashes the canonical form to the fixed vectors', () => {
    expect(historyRowHash(first)).toBe(FIRST_HASH);
    expect(historyRowHash(second)).toBe(SECOND_HASH);
  });

  it('changes the hash when any field changes, a null becomes empty, or text moves between fields', () => {
    const variants: ChainedContent[] = [
      { ...first, workflow: 'request' },
      { ...first, subjectId: '43' },
      { ...first, fromStatus: '1' },
      { ...first, toStatus: '2' },
      { ...first, actorId: null },
      { ...first, actorRole: 'admin' },
      { ...first, note: '拒绝：范围外 ' },
      { ...first, note: null },
      { ...first, note: '' },
      { ...first, changedAt: '2026-11-29T03:02:30.634513Z' },
      { ...first, prevHash: SECOND_HASH },
      // "ab" + "c" and "a" + "bc" are different rows.
      { ...first, actorRole: 'owner\n5:x', note: null },
    ];
    const hashes = new Set(variants.map(historyRowHash));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(FIRST_HASH)).toBe(false);
  });

  it('writes a row citing evidence in form /2, with the evidence as a tenth field, and keeps /1 for every other row', () => {
    const cited = { ...second, evidence: 'scene:GF1_WFV1_20261001' };
    expect(canonicalHistoryRow(cited)).toBe(
      'workflow-history/2\n5:order\n2:42\n1:1\n1:2\n-\n6:system\n-\n27:2026-11-29T04:00:00.000001Z\n64:' +
        FIRST_HASH +
        '\n23:scene:GF1_WFV1_20261001',
    );
    // Computed outside this code, as the vectors above.
    expect(historyRowHash(cited)).toBe('4bd685c0c64f1b0a12d3cc4477b2c96c56995b02a27e99824ca3746ca53ed455');
    expect(historyRowHash({ ...second, evidence: null })).toBe(SECOND_HASH);
    expect(historyRowHash({ ...second, evidence: undefined })).toBe(SECOND_HASH);
    const hashes = new Set(
      [cited, { ...cited, evidence: 'scene:GF1_WFV1_20261002' }, { ...cited, evidence: '' }, second].map(historyRowHash),
    );
    expect(hashes.size).toBe(4);
    // Evidence blanked in SQL after the fact: the row no longer holds.
    const stored = { ...cited, historyId: '11', contentHash: historyRowHash(cited) };
    expect(checkChain([{ ...first, historyId: '10', contentHash: FIRST_HASH }, stored])).toMatchObject({ intact: true });
    expect(
      checkChain([
        { ...first, historyId: '10', contentHash: FIRST_HASH },
        { ...stored, evidence: null },
      ]),
    ).toMatchObject({
      brokenAt: { position: 2, reason: 'content' },
    });
  });

  it('refuses a time or a previous hash not in the canonical form', () => {
    expect(() => historyRowHash({ ...first, changedAt: '2026-11-29T03:02:30.634Z' })).toThrow(/changedAt/);
    expect(() => historyRowHash({ ...first, prevHash: 'ABC' })).toThrow(/prevHash/);
  });

  describe('checkChain', () => {
    const rows: StoredChainRow[] = [
      { ...first, historyId: '10', contentHash: FIRST_HASH },
      { ...second, historyId: '11', contentHash: SECOND_HASH },
    ];

    it('finds an unchanged chain intact, with its head', () => {
      expect(checkChain(rows)).toEqual({ intact: true, rows: 2, head: SECOND_HASH });
      expect(checkChain([])).toEqual({ intact: true, rows: 0, head: null });
    });

    it('reports a changed row as "content" where it is', () => {
      expect(checkChain([rows[0]!, { ...rows[1]!, note: 'x' }])).toEqual({
        intact: false,
        rows: 2,
        head: SECOND_HASH,
        brokenAt: { historyId: '11', position: 2, reason: 'content' },
      });
      expect(checkChain([{ ...rows[0]!, contentHash: 'not a hash' }, rows[1]!])).toMatchObject({
        brokenAt: { historyId: '10', position: 1, reason: 'content' },
      });
    });

    it('reports a missing or foreign row before a row as "link"', () => {
      expect(checkChain([rows[1]!])).toMatchObject({ intact: false, brokenAt: { historyId: '11', position: 1, reason: 'link' } });
      expect(checkChain([rows[0]!, rows[0]!, rows[1]!])).toMatchObject({ brokenAt: { historyId: '10', position: 2, reason: 'link' } });
    });
  });
});
