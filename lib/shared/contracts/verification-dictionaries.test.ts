import { dictionaryContract } from './spots';

describe('the dictionary API serves spot verification’s dictionaries', () => {
  it.each(['VERIFY_STAGE', 'VERIFY_VERDICT', 'VERIFY_REASON', 'SPOT_META_TYPE'])('%s', (code) => {
    expect(dictionaryContract.params!.safeParse({ CODE: code }).success).toBe(true);
  });

  it('and no made-up one', () => {
    expect(dictionaryContract.params!.safeParse({ CODE: 'VERIFY_BRIBE' }).success).toBe(false);
  });
});
