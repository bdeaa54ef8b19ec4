import { ALL_ROUTES, isBuilt } from './routes';

/** Public, indexable, built screens with fixed paths; content issues add their items (news, …). */
export function sitemapPaths(): string[] {
  return ALL_ROUTES.filter((r) => isBuilt(r) && r.def.indexable && !r.path.includes(':') && r.authorities.length === 0 && !r.loginOnly).map(
    (r) => r.path,
  );
}
