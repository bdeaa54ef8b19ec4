import { GET } from '../../app/api/openapi.json/route';
import { ALL_CONTRACTS } from '../../lib/shared/contracts';

describe('OpenAPI document', () => {
  it('describes every contract from its zod schemas', async () => {
    const doc = (await GET().json()) as any;
    expect(doc.openapi).toBe('3.0.3');
    const incr = doc.paths['/api/statistics-transaction/v1/statistics-transaction/incr'].post;
    expect(incr.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(incr.requestBody.content['application/json'].schema.properties.name.maxLength).toBe(40);
    const totals = doc.paths['/api/statistics-transaction/v1/statistics-transaction/totals'].get;
    expect(totals.parameters).toEqual([expect.objectContaining({ name: 'days', in: 'query', required: false })]);
    expect(totals.responses[200].content['application/json'].schema.properties.code.type).toBe('integer');
  });

  it('lists each contract once', () => {
    const keys = ALL_CONTRACTS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
