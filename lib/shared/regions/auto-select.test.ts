import {
  allowedByRanges,
  applyLevelChange,
  EMPTY_SELECTION,
  lockedLevels,
  RegionResolveError,
  resolveSelection,
  restrictSelection,
  selectedCode,
  type RegionLink,
  type RegionLookup,
  type RegionSelection,
} from './auto-select';

/** A slice of the real data, including its quirks. */
const REGIONS: RegionLink[] = [
  { code: '100000', level: 'country', parentRegionId: null },
  { code: '130000', level: 'province', parentRegionId: '100000' },
  { code: '130100', level: 'city', parentRegionId: '130000' },
  { code: '130102', level: 'county', parentRegionId: '130100' },
  { code: '130200', level: 'city', parentRegionId: '130000' },
  { code: '420000', level: 'province', parentRegionId: '100000' },
  // Xiantao: county-level, administered by the province directly.
  { code: '429004', level: 'county', parentRegionId: '420000' },
  { code: '441900', level: 'city', parentRegionId: '440000' },
  { code: '440000', level: 'province', parentRegionId: '100000' },
  // A city whose province is missing from the data.
  { code: '990100', level: 'city', parentRegionId: '990000' },
  // A county hung under a city of another province.
  { code: '140102', level: 'county', parentRegionId: '130100' },
  // A county whose parent is itself.
  { code: '150102', level: 'county', parentRegionId: '150102' },
];

function lookupOf(regions: RegionLink[]): RegionLookup & { calls: string[] } {
  const byCode = new Map(regions.map((region) => [region.code, region]));
  const calls: string[] = [];
  const lookup = async (code: string) => {
    calls.push(code);
    return byCode.get(code) ?? null;
  };
  return Object.assign(lookup, { calls });
}

const selection = (province: string | null, city: string | null = null, county: string | null = null): RegionSelection => ({
  province,
  city,
  county,
});

async function failureOf(promise: Promise<unknown>): Promise<RegionResolveError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RegionResolveError) return error;
    throw error;
  }
  throw new Error('expected a RegionResolveError');
}

describe('resolveSelection', () => {
  it('selects a province alone, clearing city and county', async () => {
    await expect(resolveSelection('130000', lookupOf(REGIONS))).resolves.toEqual(selection('130000'));
  });

  it('selects a city under its verified province', async () => {
    const lookup = lookupOf(REGIONS);
    await expect(resolveSelection('130100', lookup)).resolves.toEqual(selection('130000', '130100'));
    expect(lookup.calls).toEqual(['130100', '130000']);
  });

  it('resolves a county’s city and province through parent lookups', async () => {
    const lookup = lookupOf(REGIONS);
    await expect(resolveSelection('130102', lookup)).resolves.toEqual(selection('130000', '130100', '130102'));
    expect(lookup.calls).toEqual(['130102', '130100', '130000']);
  });

  it('puts a province-administered county-level unit in the city slot', async () => {
    await expect(resolveSelection('429004', lookupOf(REGIONS))).resolves.toEqual(selection('420000', '429004'));
  });

  it('gives the empty selection for the country code without a lookup', async () => {
    const lookup = lookupOf(REGIONS);
    await expect(resolveSelection('100000', lookup)).resolves.toEqual(EMPTY_SELECTION);
    expect(lookup.calls).toEqual([]);
  });

  it('fails with unknown-code for a code the data does not have', async () => {
    const error = await failureOf(resolveSelection('130999', lookupOf(REGIONS)));
    expect([error.reason, error.code]).toEqual(['unknown-code', '130999']);
  });

  it('fails with invalid-code for something that is not a region code', async () => {
    const lookup = lookupOf(REGIONS);
    expect((await failureOf(resolveSelection('13a100', lookup))).reason).toBe('invalid-code');
    expect(lookup.calls).toEqual([]);
  });

  it('fails with missing-parent for a city whose province does not exist', async () => {
    const error = await failureOf(resolveSelection('990100', lookupOf(REGIONS)));
    expect([error.reason, error.code]).toEqual(['missing-parent', '990100']);
  });

  it('fails with parent-mismatch when the parent does not contain the code', async () => {
    expect((await failureOf(resolveSelection('140102', lookupOf(REGIONS)))).reason).toBe('parent-mismatch');
  });

  it('fails with parent-mismatch instead of looping on a region that is its own parent', async () => {
    expect((await failureOf(resolveSelection('150102', lookupOf(REGIONS)))).reason).toBe('parent-mismatch');
  });

  it('fails with parent-mismatch for a chain deeper than province → city → county', async () => {
    const deep = lookupOf([
      { code: '130000', level: 'province', parentRegionId: '100000' },
      { code: '130100', level: 'city', parentRegionId: '130000' },
      { code: '130102', level: 'county', parentRegionId: '130100' },
      { code: '130103', level: 'county', parentRegionId: '130102' },
    ]);
    expect((await failureOf(resolveSelection('130103', deep))).reason).toBe('parent-mismatch');
  });

  it('fails with parent-mismatch when a chain tops out below a province', async () => {
    const orphan = lookupOf([{ code: '130100', level: 'city', parentRegionId: null }]);
    expect((await failureOf(resolveSelection('130100', orphan))).reason).toBe('parent-mismatch');
  });

  it('passes lookup failures through', async () => {
    const broken: RegionLookup = () => Promise.reject(new Error('network down'));
    await expect(resolveSelection('130100', broken)).rejects.toThrow('network down');
  });
});

describe('selectedCode', () => {
  it('is the deepest selected code', () => {
    expect(selectedCode(selection('130000', '130100', '130102'))).toBe('130102');
    expect(selectedCode(selection('130000', '130100'))).toBe('130100');
    expect(selectedCode(selection('130000'))).toBe('130000');
    expect(selectedCode(EMPTY_SELECTION)).toBeNull();
  });
});

describe('applyLevelChange', () => {
  const full = selection('130000', '130100', '130102');

  it('clears city and county when a province is chosen', () => {
    expect(applyLevelChange(full, 'province', '140000')).toEqual(selection('140000'));
  });

  it('clears the county when a city is chosen', () => {
    expect(applyLevelChange(full, 'city', '130200')).toEqual(selection('130000', '130200'));
  });

  it('keeps province and city when a county is chosen', () => {
    expect(applyLevelChange(full, 'county', '130104')).toEqual(selection('130000', '130100', '130104'));
  });

  it('clears a level and those below it when cleared', () => {
    expect(applyLevelChange(full, 'city', null)).toEqual(selection('130000'));
    expect(applyLevelChange(full, 'province', null)).toEqual(EMPTY_SELECTION);
  });
});

describe('allowedByRanges', () => {
  it('allows everything without ranges', () => {
    expect(allowedByRanges('130102', undefined)).toBe(true);
  });

  it('allows nothing with an empty range list', () => {
    expect(allowedByRanges('130000', [])).toBe(false);
  });

  it('allows everything with the country range', () => {
    expect(allowedByRanges('650000', ['100000'])).toBe(true);
    expect(allowedByRanges('429004', ['100000'])).toBe(true);
  });

  it('allows options within a range and options containing it, nothing else', () => {
    const ranges = ['130100'];
    expect(allowedByRanges('130102', ranges)).toBe(true);
    expect(allowedByRanges('130100', ranges)).toBe(true);
    expect(allowedByRanges('130000', ranges)).toBe(true);
    expect(allowedByRanges('130200', ranges)).toBe(false);
    expect(allowedByRanges('140000', ranges)).toBe(false);
  });

  it('treats a province-administered unit as a range of its own', () => {
    expect(allowedByRanges('420000', ['429004'])).toBe(true);
    expect(allowedByRanges('429004', ['429004'])).toBe(true);
    expect(allowedByRanges('429005', ['429004'])).toBe(false);
    expect(allowedByRanges('429004', ['420000'])).toBe(true);
  });

  it('allows the union of several ranges', () => {
    expect(allowedByRanges('130200', ['130100', '140000'])).toBe(false);
    expect(allowedByRanges('140100', ['130100', '140000'])).toBe(true);
  });
});

describe('lockedLevels', () => {
  it('locks nothing without ranges or with the country', () => {
    expect(lockedLevels(undefined)).toEqual(EMPTY_SELECTION);
    expect(lockedLevels([])).toEqual(EMPTY_SELECTION);
    expect(lockedLevels([EMPTY_SELECTION])).toEqual(EMPTY_SELECTION);
  });

  it('locks province and city for a single city range', () => {
    expect(lockedLevels([selection('130000', '130100')])).toEqual(selection('130000', '130100'));
  });

  it('locks all three levels for a single county range', () => {
    expect(lockedLevels([selection('130000', '130100', '130102')])).toEqual(selection('130000', '130100', '130102'));
  });

  it('locks only the province for two cities of one province', () => {
    expect(lockedLevels([selection('130000', '130100'), selection('130000', '130200')])).toEqual(selection('130000'));
  });

  it('locks only what all ranges agree on when one range contains another', () => {
    expect(lockedLevels([selection('130000', '130100', '130102'), selection('130000', '130100')])).toEqual(selection('130000', '130100'));
  });

  it('locks nothing for ranges in different provinces', () => {
    expect(lockedLevels([selection('130000'), selection('140000')])).toEqual(EMPTY_SELECTION);
  });
});

describe('restrictSelection', () => {
  it('keeps a selection that respects locks and ranges', () => {
    const chosen = selection('130000', '130100', '130102');
    expect(restrictSelection(chosen, ['130100'], selection('130000', '130100'))).toEqual(chosen);
  });

  it('fills the locked levels into an empty selection', () => {
    expect(restrictSelection(EMPTY_SELECTION, ['130100'], selection('130000', '130100'))).toEqual(selection('130000', '130100'));
  });

  it('replaces a selection that leaves a locked level with the locks', () => {
    expect(restrictSelection(selection('130000', '130200'), ['130100'], selection('130000', '130100'))).toEqual(
      selection('130000', '130100'),
    );
  });

  it('cuts the selection at the first level the ranges do not allow', () => {
    const ranges = ['130100', '130200'];
    expect(restrictSelection(selection('130000', '130300', '130302'), ranges, selection('130000'))).toEqual(selection('130000'));
  });

  it('empties the selection when nothing is allowed', () => {
    expect(restrictSelection(selection('130000'), [], EMPTY_SELECTION)).toEqual(EMPTY_SELECTION);
  });

  it('leaves the selection alone without ranges', () => {
    const chosen = selection('650000', '650100');
    expect(restrictSelection(chosen, undefined, EMPTY_SELECTION)).toEqual(chosen);
  });
});
