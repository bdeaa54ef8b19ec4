import 'server-only';
/** What each STAC route answers (the route files only bind these to paths). */
import { STAC_LIMITS, stacCollectionIdSchema, stacItemIdSchema } from '../../shared/contracts/stac';
import { getCollection, listCollections } from './collections';
import { landingPage, openApiDocument, queryables, CONFORMANCE } from './documents';
import { badRequest, notFound, StacError } from './errors';
import type { StacAnswer, StacContext } from './handler';
import { MEDIA, stacRoot } from './links';
import { bodyFromQuery, readSearch } from './search-request';
import { findItem, searchItems } from './search';

async function readJson(request: Request): Promise<unknown> {
  const max = STAC_LIMITS.maxBodyBytes;
  if (Number(request.headers.get('content-length') ?? '0') > max) throw new StacError('tooLarge', { max }, 413);
  const text = await request.text();
  if (Buffer.byteLength(text) > max) throw new StacError('tooLarge', { max }, 413);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('invalidJson');
  }
}

function collectionParam(ctx: StacContext): string {
  const id = ctx.params.collectionId ?? '';
  if (!stacCollectionIdSchema.safeParse(id).success) throw notFound('collectionNotFound', { id: id.slice(0, 64) });
  return id;
}

export const landing = async (ctx: StacContext): Promise<StacAnswer> => ({ body: landingPage(ctx.locale) });

export const conformance = async (): Promise<StacAnswer> => ({ body: { conformsTo: CONFORMANCE } });

export const openApi = async (): Promise<StacAnswer> => ({ body: openApiDocument(), type: MEDIA.openapi });

export const queryablesDoc = async (ctx: StacContext): Promise<StacAnswer> => ({ body: queryables(ctx.locale), type: MEDIA.schema });

export async function collectionQueryables(ctx: StacContext): Promise<StacAnswer> {
  const id = collectionParam(ctx);
  if (!(await getCollection(ctx.db, id, ctx.locale))) throw notFound('collectionNotFound', { id });
  return { body: queryables(ctx.locale, id), type: MEDIA.schema };
}

export async function collections(ctx: StacContext): Promise<StacAnswer> {
  const root = stacRoot();
  const list = await listCollections(ctx.db, ctx.locale);
  return {
    body: {
      collections: list,
      links: [
        { rel: 'self', href: `${root}/collections`, type: MEDIA.json },
        { rel: 'root', href: root, type: MEDIA.json },
        { rel: 'parent', href: root, type: MEDIA.json },
      ],
    },
  };
}

export async function collection(ctx: StacContext): Promise<StacAnswer> {
  const id = collectionParam(ctx);
  const found = await getCollection(ctx.db, id, ctx.locale);
  if (!found) throw notFound('collectionNotFound', { id });
  return { body: found };
}

export async function collectionItems(ctx: StacContext): Promise<StacAnswer> {
  const id = collectionParam(ctx);
  const raw = bodyFromQuery(ctx.url) as Record<string, unknown>;
  // OGC API Features items: the collection is the path's; ids/collections/intersects belong to /search.
  delete raw.collections;
  const search = readSearch(raw, id);
  if (!(await getCollection(ctx.db, id, ctx.locale))) throw notFound('collectionNotFound', { id });
  const root = stacRoot();
  const self = `${root}/collections/${encodeURIComponent(id)}`;
  const body = await searchItems(ctx.db, search, {
    getUrl: ctx.url,
    links: [
      { rel: 'self', href: `${self}/items${ctx.url.search}`, type: MEDIA.geojson },
      { rel: 'root', href: root, type: MEDIA.json },
      { rel: 'parent', href: self, type: MEDIA.json },
      { rel: 'collection', href: self, type: MEDIA.json },
    ],
  });
  return { body, type: MEDIA.geojson };
}

export async function item(ctx: StacContext): Promise<StacAnswer> {
  const collectionId = collectionParam(ctx);
  const id = ctx.params.itemId ?? '';
  if (!stacItemIdSchema.safeParse(id).success) throw notFound('itemNotFound', { id: id.slice(0, 64), collection: collectionId });
  const found = await findItem(ctx.db, collectionId, id);
  if (!found) throw notFound('itemNotFound', { id, collection: collectionId });
  return { body: found, type: MEDIA.geojson };
}

function searchLinks(ctx: StacContext) {
  const root = stacRoot();
  return [
    { rel: 'self', href: `${root}/search${ctx.request.method === 'GET' ? ctx.url.search : ''}`, type: MEDIA.geojson },
    { rel: 'root', href: root, type: MEDIA.json },
  ];
}

export async function searchGet(ctx: StacContext): Promise<StacAnswer> {
  const search = readSearch(bodyFromQuery(ctx.url));
  return { body: await searchItems(ctx.db, search, { getUrl: ctx.url, links: searchLinks(ctx) }), type: MEDIA.geojson };
}

export async function searchPost(ctx: StacContext): Promise<StacAnswer> {
  const raw = await readJson(ctx.request);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('badBody');
  const search = readSearch(raw);
  return { body: await searchItems(ctx.db, search, { post: true, links: searchLinks(ctx) }), type: MEDIA.geojson };
}
