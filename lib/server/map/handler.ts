import 'server-only';
/**
 * The one entry of the map routes: reads the session (for each layer's access rule), runs the service and
 * turns any failure into the service's exception document. One log line per request.
 */
import { expiredSessionCookies, getSession, MalformedTokenError } from '../session';
import { clientIp } from '../client-ip';
import { getDb, withReadDatabase, type Database } from '../db';
import { sharedInflightBound, type InflightBound } from '../api/shared-limits';
import { getEnv } from '../env';
import { isDatabaseUnavailable, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { localeOfRequest } from '../i18n';
import { log } from '../log';
import { exceptionResponse, OwsError, owsParams, type OwsService } from './ows';
import { handleWfs } from './wfs';
import { handleWms, type MapRequestContext } from './wms';
import { handleWmts } from './wmts';

const HANDLERS: Record<OwsService, (ctx: MapRequestContext) => Promise<Response>> = { WMS: handleWms, WFS: handleWfs, WMTS: handleWmts };
/** Longest query string accepted (CQL filters included). */
const MAX_QUERY_LENGTH = 8192;

/** GetFeature answers one address may have in progress at once, over all processes; more are refused with Retry-After. */
export const WFS_FEATURE_REQUESTS_PER_CLIENT = 2;

function isFeatureRequest(service: OwsService, params: Map<string, string>): boolean {
  return service === 'WFS' && (params.get('REQUEST') ?? '').toLowerCase() === 'getfeature';
}

/**
 * The addresses' GetFeature answers in progress, shared by every process of the database (docs/adr/0035); a slot whose
 * process died is free again when its lease ends, a while after the longest statement could have run.
 */
export function featureRequestBound(db: Database): InflightBound {
  return sharedInflightBound(db, 'wfs-getfeature', {
    max: WFS_FEATURE_REQUESTS_PER_CLIENT,
    leaseMs: (getEnv().DB_STATEMENT_TIMEOUT_MS || 300_000) * 2 + 30_000,
  });
}

/** Runs `work` as one of the address's GetFeature answers in progress, or refuses it. */
async function asFeatureRequest(db: Database, ip: string, work: () => Promise<Response>): Promise<Response> {
  const release = await featureRequestBound(db).enter(ip);
  if (!release) {
    log.warn('wfs client over its concurrency limit', { ip });
    throw new OwsError(
      'OperationProcessingFailed',
      'Too many feature requests from this address at once; retry after the others finish',
      undefined,
      429,
      {
        'retry-after': '1',
      },
    );
  }
  try {
    // The body is built in full before it is returned, so the request's work ends here.
    return await work();
  } finally {
    await release();
  }
}

/**
 * The address capabilities documents name for every operation: the configured public origin, never
 * the request's Host or X-Forwarded-Host, which a client chooses and a shared cache would hand on to
 * everyone else.
 */
function serviceUrl(url: URL): string {
  return `${new URL(getEnv().SITE_URL).origin}${url.pathname}`;
}

/** A capabilities document is in the caller's language (titles and abstracts): a shared cache must key on it. */
function withVary(response: Response, params: Map<string, string>): Response {
  if ((params.get('REQUEST') ?? '').toLowerCase() === 'getcapabilities') response.headers.set('vary', 'x-locale, cookie, accept-language');
  return response;
}

export function ogcService(service: OwsService) {
  return async (request: Request): Promise<Response> => {
    const started = Date.now();
    const url = new URL(request.url);
    const params = owsParams(url);
    let status = 200;
    try {
      if (url.search.length > MAX_QUERY_LENGTH) throw new OwsError('InvalidParameterValue', 'Request too long', 'REQUEST', 414);
      // The session and the shared in-flight bound on the primary; the layers' data is published data, which the read
      // replica answers when there is one (lib/server/db/read-replica.ts).
      const primary = await getDb();
      const session = await getSession(request, primary);
      const run = () =>
        withReadDatabase(request, (db) =>
          HANDLERS[service]({
            url,
            params,
            db,
            session,
            locale: localeOfRequest(request),
            serviceUrl: serviceUrl(url),
          }),
        );
      const response = isFeatureRequest(service, params) ? await asFeatureRequest(primary, clientIp(request), run) : await run();
      status = response.status;
      return withVary(response, params);
    } catch (error) {
      if (error instanceof MalformedTokenError) {
        log.warn('malformed token cookie', { service, path: url.pathname });
        status = 400;
        const response = exceptionResponse(
          new OwsError('InvalidParameterValue', 'The token cookie is malformed', 'token'),
          service,
          params.get('VERSION'),
        );
        for (const cookie of expiredSessionCookies()) response.headers.append('set-cookie', cookie);
        return response;
      }
      if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: a 503 exception the client may retry after a pause.
        noteDatabaseOutage();
        const busy = new OwsError(
          'NoApplicableCode',
          `The map service is busy; please try again in ${RETRY_AFTER_SECONDS} seconds`,
          undefined,
          503,
        );
        status = busy.status;
        const response = exceptionResponse(busy, service, params.get('VERSION'));
        response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        return response;
      }
      const owsError =
        error instanceof OwsError ? error : new OwsError('NoApplicableCode', 'The map service failed; please try again', undefined, 500);
      if (!(error instanceof OwsError))
        log.error('map service failed', { service, error: error instanceof Error ? error.stack : String(error) });
      status = owsError.status;
      return exceptionResponse(owsError, service, params.get('VERSION'));
    } finally {
      log.info('map', { service, request: params.get('REQUEST') ?? '', status, ms: Date.now() - started });
    }
  };
}
