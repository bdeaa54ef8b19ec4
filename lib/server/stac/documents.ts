import 'server-only';
/** The fixed documents of the STAC API: landing page, conformance classes, queryables, OpenAPI. */
import { STAC_LIMITS } from '../../shared/contracts/stac';
import { CQL2_LIMITS, MAX_GEOMETRY_VERTICES, QUERYABLES, SORTABLE_NAMES, type Queryable } from '../../shared/cql2';
import type { Locale } from '../../../i18n/routing';
import { translateMessage } from '../i18n';
import { STAC_VERSION } from './items';
import { MEDIA, stacRoot, type StacLink } from './links';

export const CONFORMANCE = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
  'https://api.stacspec.org/v1.0.0/ogcapi-features',
  'https://api.stacspec.org/v1.0.0/item-search',
  'https://api.stacspec.org/v1.0.0/item-search#sort',
  'https://api.stacspec.org/v1.0.0/ogcapi-features#sort',
  'https://api.stacspec.org/v1.0.0-rc.2/item-search#filter',
  'https://api.stacspec.org/v1.0.0-rc.2/ogcapi-features#filter',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filtering',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions-plus',
];

export function landingPage(locale: Locale) {
  const root = stacRoot();
  const links: StacLink[] = [
    { rel: 'self', href: root, type: MEDIA.json },
    { rel: 'root', href: root, type: MEDIA.json },
    { rel: 'conformance', href: `${root}/conformance`, type: MEDIA.json },
    { rel: 'data', href: `${root}/collections`, type: MEDIA.json },
    { rel: 'search', href: `${root}/search`, type: MEDIA.geojson, method: 'GET' },
    { rel: 'search', href: `${root}/search`, type: MEDIA.geojson, method: 'POST' },
    { rel: 'service-desc', href: `${root}/api`, type: MEDIA.openapi },
    { rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables', href: `${root}/queryables`, type: MEDIA.schema },
  ];
  return {
    type: 'Catalog',
    stac_version: STAC_VERSION,
    id: 'land-satellite-catalogue',
    title: translateMessage(locale, 'Stac.landingTitle'),
    description: translateMessage(locale, 'Stac.landingDescription', {
      limitDefault: STAC_LIMITS.limitDefault,
      limitMax: STAC_LIMITS.limitMax,
      exactMax: STAC_LIMITS.exactCountMax,
    }),
    conformsTo: CONFORMANCE,
    links,
  };
}

function schemaOf(q: Queryable): Record<string, unknown> {
  const base = { description: q.description };
  switch (q.type) {
    case 'string':
      return { ...base, type: 'string' };
    case 'stringArray':
      return { ...base, type: 'array', items: { type: 'string' } };
    case 'number':
    case 'integer':
      return {
        ...base,
        type: q.nullable ? [q.type, 'null'] : q.type,
        ...(q.minimum !== undefined ? { minimum: q.minimum } : {}),
        ...(q.maximum !== undefined ? { maximum: q.maximum } : {}),
      };
    case 'timestamp':
      return { ...base, type: 'string', format: 'date-time' };
    case 'geometry':
      return { ...base, $ref: 'https://geojson.org/schema/Geometry.json' };
  }
}

export function queryables(locale: Locale, collection?: string) {
  const root = stacRoot();
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: collection ? `${root}/collections/${encodeURIComponent(collection)}/queryables` : `${root}/queryables`,
    type: 'object',
    title: translateMessage(locale, 'Stac.queryablesTitle'),
    properties: Object.fromEntries(QUERYABLES.map((q) => [q.name, schemaOf(q)])),
    additionalProperties: false,
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown, type: string = MEDIA.json) => ({ content: { [type]: { schema } } });
const errors = { '400': { description: 'Bad request', ...json(ref('Exception')) }, '404': { description: 'Not found', ...json(ref('Exception')) } };

const SEARCH_PARAMETERS = [
  { name: 'bbox', in: 'query', style: 'form', explode: false, schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } }, description: 'west,south,east,north (west > east crosses the antimeridian); not with intersects' },
  { name: 'intersects', in: 'query', schema: { type: 'string' }, description: `GeoJSON geometry of any type, at most ${MAX_GEOMETRY_VERTICES} vertices; not with bbox` },
  { name: 'datetime', in: 'query', schema: { type: 'string' }, description: 'RFC 3339 instant or interval, open ends as .. (e.g. 2024-01-01T00:00:00Z/..)' },
  { name: 'ids', in: 'query', style: 'form', explode: false, schema: { type: 'array', maxItems: STAC_LIMITS.maxIds, items: { type: 'string' } } },
  { name: 'collections', in: 'query', style: 'form', explode: false, schema: { type: 'array', maxItems: STAC_LIMITS.maxCollections, items: { type: 'string' } } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: STAC_LIMITS.limitMax, default: STAC_LIMITS.limitDefault }, description: `Items per page; larger values are answered with ${STAC_LIMITS.limitMax}` },
  { name: 'sortby', in: 'query', schema: { type: 'string' }, description: `Comma-separated, - for descending; fields: ${SORTABLE_NAMES.join(', ')}; ties are broken by id` },
  { name: 'filter', in: 'query', schema: { type: 'string' }, description: `CQL2 filter over the queryables (at most ${CQL2_LIMITS.maxLength} characters, ${CQL2_LIMITS.maxDepth} levels, ${CQL2_LIMITS.maxNodes} terms, ${CQL2_LIMITS.maxList} values per IN list)` },
  { name: 'filter-lang', in: 'query', schema: { type: 'string', enum: ['cql2-text', 'cql2-json'], default: 'cql2-text' } },
  { name: 'token', in: 'query', schema: { type: 'string' }, description: 'Opaque paging token from a next link' },
];

/** The OpenAPI 3.0 description (`service-desc`). */
export function openApiDocument() {
  const root = stacRoot();
  const itemCollectionDescription = `An ItemCollection. numberMatched is exact up to ${STAC_LIMITS.exactCountMax} matches; above that it is omitted and portal:number_matched_estimate carries the planner's estimate. A next link is present exactly when more items follow.`;
  return {
    openapi: '3.0.3',
    info: {
      title: 'Land-satellite imagery catalogue — STAC API',
      version: '1.0.0',
      description: `STAC API ${STAC_VERSION} with OGC API Features and CQL2 filtering over the portal's scene catalogue. limit defaults to ${STAC_LIMITS.limitDefault}, at most ${STAC_LIMITS.limitMax}; POST bodies at most ${STAC_LIMITS.maxBodyBytes} bytes.`,
    },
    servers: [{ url: root }],
    paths: {
      '/': { get: { summary: 'Landing page', responses: { '200': { description: 'Landing page', ...json(ref('Catalog')) } } } },
      '/conformance': { get: { summary: 'Conformance classes', responses: { '200': { description: 'Conformance', ...json({ type: 'object', properties: { conformsTo: { type: 'array', items: { type: 'string' } } } }) } } } },
      '/queryables': { get: { summary: 'Properties a filter may use', responses: { '200': { description: 'JSON Schema', ...json({ type: 'object' }, MEDIA.schema) } } } },
      '/collections': { get: { summary: 'Collections (one per satellite and sensor), extents computed from the data', responses: { '200': { description: 'Collections', ...json({ type: 'object', properties: { collections: { type: 'array', items: ref('Collection') } } }) } } } },
      '/collections/{collectionId}': {
        get: { summary: 'One collection', parameters: [{ name: 'collectionId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'Collection', ...json(ref('Collection')) }, ...errors } },
      },
      '/collections/{collectionId}/queryables': {
        get: { summary: 'Properties a filter may use', parameters: [{ name: 'collectionId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'JSON Schema', ...json({ type: 'object' }, MEDIA.schema) }, ...errors } },
      },
      '/collections/{collectionId}/items': {
        get: {
          summary: 'Items of a collection (OGC API Features)',
          parameters: [{ name: 'collectionId', in: 'path', required: true, schema: { type: 'string' } }, ...SEARCH_PARAMETERS.filter((p) => !['collections', 'intersects', 'ids'].includes(p.name))],
          responses: { '200': { description: itemCollectionDescription, ...json(ref('ItemCollection'), MEDIA.geojson) }, ...errors },
        },
      },
      '/collections/{collectionId}/items/{itemId}': {
        get: {
          summary: 'One item',
          parameters: [
            { name: 'collectionId', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'itemId', in: 'path', required: true, schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'Item', ...json(ref('Item'), MEDIA.geojson) }, ...errors },
        },
      },
      '/search': {
        get: { summary: 'Item search', parameters: SEARCH_PARAMETERS, responses: { '200': { description: itemCollectionDescription, ...json(ref('ItemCollection'), MEDIA.geojson) }, ...errors } },
        post: {
          summary: 'Item search (JSON body; the next link is a POST link with body + merge)',
          requestBody: { required: true, ...json(ref('SearchBody')) },
          responses: { '200': { description: itemCollectionDescription, ...json(ref('ItemCollection'), MEDIA.geojson) }, ...errors },
        },
      },
    },
    components: {
      schemas: {
        Exception: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, description: { type: 'string' } } },
        Catalog: { type: 'object', required: ['id', 'description', 'links', 'stac_version'] },
        Collection: { type: 'object', required: ['id', 'description', 'extent', 'license', 'links', 'stac_version', 'type'] },
        Item: { type: 'object', required: ['type', 'id', 'geometry', 'properties', 'links', 'assets', 'stac_version'] },
        ItemCollection: {
          type: 'object',
          required: ['type', 'features'],
          properties: {
            type: { type: 'string', enum: ['FeatureCollection'] },
            features: { type: 'array', items: ref('Item') },
            links: { type: 'array', items: { type: 'object' } },
            numberMatched: { type: 'integer', description: `Exact when at most ${STAC_LIMITS.exactCountMax}; omitted above` },
            numberReturned: { type: 'integer' },
            'portal:number_matched_estimate': { type: 'integer', description: `Planner estimate, given instead of numberMatched above ${STAC_LIMITS.exactCountMax} matches` },
          },
        },
        SearchBody: {
          type: 'object',
          properties: {
            bbox: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
            intersects: { type: 'object', description: `GeoJSON geometry, at most ${MAX_GEOMETRY_VERTICES} vertices` },
            datetime: { type: 'string' },
            ids: { type: 'array', items: { type: 'string' }, maxItems: STAC_LIMITS.maxIds },
            collections: { type: 'array', items: { type: 'string' }, maxItems: STAC_LIMITS.maxCollections },
            limit: { type: 'integer', minimum: 1, maximum: STAC_LIMITS.limitMax, default: STAC_LIMITS.limitDefault },
            sortby: { type: 'array', items: { type: 'object', properties: { field: { type: 'string', enum: SORTABLE_NAMES }, direction: { type: 'string', enum: ['asc', 'desc'] } } } },
            filter: { description: 'CQL2 text (string) or CQL2 JSON (object)' },
            'filter-lang': { type: 'string', enum: ['cql2-text', 'cql2-json'] },
            token: { type: 'string' },
          },
        },
      },
    },
  };
}
