import { caseCql } from './case-cql';

describe('caseCql', () => {
  it('is empty without filters', () => {
    expect(caseCql({})).toBeUndefined();
    expect(caseCql({ region: '100000' })).toBeUndefined();
  });

  it('narrows by region at its level, batch, stages, verdict, change type, overdue and spot number', () => {
    expect(caseCql({ region: '130000' })).toBe("province = '130000'");
    expect(caseCql({ region: '130100' })).toBe("city = '130100'");
    expect(
      caseCql({ region: '130102', batchId: '7', stage: 'pushed,checking', verdict: 'legal', changeType: '3', overdue: 'true', q: 'SP_1' }),
    ).toBe(
      "xzqdm = '130102' AND batch_id = 7 AND status IN ('pushed', 'checking') AND verdict = 'legal' AND change_type = '3' AND overdue = 1 AND spot_no LIKE 'SP\\_1%' ESCAPE '\\'".replace(
        "verdict = 'legal'",
        "verdict IN ('legal')",
      ),
    );
    expect(caseCql({ overdue: 'false' })).toBe('overdue = 0');
  });

  it('quotes what it is given', () => {
    expect(caseCql({ changeType: "a'b" })).toBe("change_type = 'a''b'");
    expect(caseCql({ batchId: '1 OR 1=1' })).toBeUndefined();
  });
});
