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

  it('describes the application call as JSON or multipart (the JSON in `data`, an optional PDF in `file`)', async () => {
    const doc = (await GET().json()) as any;
    const body = doc.paths['/api/order/v3/request'].post.requestBody;
    expect(Object.keys(body.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(body.content['application/json'].schema.properties.kind.enum).toEqual(['scenes', 'area']);
    const form = body.content['multipart/form-data'];
    expect(form.schema.required).toEqual(['data']);
    expect(form.schema.properties.data.properties.idempotencyKey).toBeDefined();
    expect(form.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.encoding).toEqual({ data: { contentType: 'application/json' }, file: { contentType: 'application/pdf' } });
    // The catalogue's uploads: the file alone.
    const area = doc.paths['/api/normal/v5/normalmeta/upload/shp'].post.requestBody.content;
    expect(Object.keys(area)).toEqual(['multipart/form-data']);
    expect(area['multipart/form-data'].schema.required).toEqual(['file']);
  });

  it('lists each contract once', () => {
    const keys = ALL_CONTRACTS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
