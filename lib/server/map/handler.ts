import 'server-only';
/**
 * The one entry of the map routes: reads the session (for each layer's access rule), runs the service and
 * turns any failure into the service's exception document. One log line per request.
 */
import { getSession } from '../auth/session';
import { getDb } from '../db';
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

function serviceUrl(request: Request, url: URL): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  const proto = request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return `${proto}://${host}${url.pathname}`;
}

export function ogcService(service: OwsService) {
  return async (request: Request): Promise<Response> => {
    const started = Date.now();
    const url = new URL(request.url);
    const params = owsParams(url);
    let status = 200;
    try {
      if (url.search.length > MAX_QUERY_LENGTH) throw new OwsError('InvalidParameterValue', 'Request too long', 'REQUEST', 414);
      const db = await getDb();
      const session = await getSession(request, db);
      const response = await HANDLERS[service]({
        url,
        params,
        db,
        session,
        locale: localeOfRequest(request),
        serviceUrl: serviceUrl(request, url),
      });
      status = response.status;
      return response;
    } catch (error) {
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
