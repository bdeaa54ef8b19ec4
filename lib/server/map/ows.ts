import 'server-only';
/**
 * OGC web-service plumbing shared by WMS, WFS and WMTS: case-insensitive key-value parameters and
 * ServiceException answers. Every failure of a map request is an OwsError, answered as XML.
 */
export type OwsExceptionCode =
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'OperationNotSupported'
  | 'LayerNotDefined'
  | 'StyleNotDefined'
  | 'InvalidSRS'
  | 'InvalidCRS'
  | 'InvalidFormat'
  | 'TileOutOfRange'
  | 'OperationProcessingFailed'
  | 'NoApplicableCode';

export class OwsError extends Error {
  constructor(
    readonly code: OwsExceptionCode,
    message: string,
    readonly locator?: string,
    readonly status = 400,
    /** Extra headers of the exception answer (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'OwsError';
  }
}

/** Query parameters with upper-cased keys, as OGC keys are case-insensitive. Repeated keys: the first wins. */
export function owsParams(url: URL): Map<string, string> {
  const params = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    const upper = key.toUpperCase();
    if (!params.has(upper)) params.set(upper, value);
  }
  return params;
}

export function required(params: Map<string, string>, key: string): string {
  const value = params.get(key)?.trim();
  if (!value) throw new OwsError('MissingParameterValue', `Missing parameter ${key}`, key);
  return value;
}

export function intParam(params: Map<string, string>, key: string, min: number, max: number, fallback?: number): number {
  const raw = params.get(key)?.trim();
  if (raw === undefined || raw === '') {
    if (fallback !== undefined) return fallback;
    throw new OwsError('MissingParameterValue', `Missing parameter ${key}`, key);
  }
  if (!/^-?\d+$/.test(raw)) throw new OwsError('InvalidParameterValue', `${key} must be an integer`, key);
  const value = Number(raw);
  if (value < min || value > max) throw new OwsError('InvalidParameterValue', `${key} must be between ${min} and ${max}`, key);
  return value;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export type OwsService = 'WMS' | 'WFS' | 'WMTS';

/** The exception document each service and version expects. */
export function exceptionResponse(error: OwsError, service: OwsService, version: string | undefined): Response {
  const locator = error.locator ? ` locator="${escapeXml(error.locator)}"` : '';
  const text = escapeXml(error.message);
  let body: string;
  let type = 'application/xml; charset=utf-8';
  if (service === 'WMS' && version !== '1.3.0') {
    type = 'application/vnd.ogc.se_xml; charset=utf-8';
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.1.1"><ServiceException code="${error.code}"${locator}>${text}</ServiceException></ServiceExceptionReport>`;
  } else if (service === 'WMS') {
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/ogc http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd"><ServiceException code="${error.code}"${locator}>${text}</ServiceException></ServiceExceptionReport>`;
  } else {
    const owsVersion = service === 'WFS' ? '2.0.0' : '1.0.0';
    const ns = service === 'WFS' ? 'http://www.opengis.net/ows/1.1' : 'http://www.opengis.net/ows/1.1';
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<ows:ExceptionReport xmlns:ows="${ns}" version="${owsVersion}"><ows:Exception exceptionCode="${error.code}"${locator}><ows:ExceptionText>${text}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`;
  }
  return new Response(body, { status: error.status, headers: { ...error.headers, 'content-type': type, 'cache-control': 'no-store' } });
}

/** An XML document; `shared: false` for one that depends on who asks (a signed-in caller's capabilities). */
export function xmlResponse(body: string, maxAge = 300, shared = true): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': `${shared ? 'public' : 'private'}, max-age=${maxAge}` },
  });
}
