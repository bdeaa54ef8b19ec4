import 'server-only';
/**
 * Webhook addresses and the POST itself, against SSRF (issue 35.6). A URL is checked when it is saved and again
 * when each delivery is sent (DNS may have changed in between): it must be https, without credentials, and every
 * address its host resolves to must be public (./addresses.ts). The POST then connects to the address that was
 * checked — the socket's lookup answers with it — so a second resolution cannot swap in another; redirects are
 * never followed (a 3xx is a failed delivery); time, the body sent and the answer read are bounded.
 *
 * WEBHOOK_ALLOW_LOOPBACK=true (tests and benches only; the server warns at start) lets a loopback address through,
 * over http too, so a receiver on 127.0.0.1 can be delivered to. Nothing else is ever let through.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { SIGNATURE_HEADER, SUBSCRIPTION_LIMITS } from '../../shared/contracts/subscriptions';
import { getEnv } from '../env';
import { log } from '../log';
import { classifyAddress, mayConnect, type AddressClass } from './addresses';
import { signBody } from './signature';

export type UrlRefusal = 'badUrl' | 'urlTooLong' | 'notHttps' | 'credentials' | 'hostNotFound' | 'forbiddenAddress';

export interface CheckedUrl {
  url: URL;
  /** The addresses the host resolved to, all allowed; the POST connects to the first. */
  addresses: LookupAddress[];
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

export const allowLoopback = () => getEnv().WEBHOOK_ALLOW_LOOPBACK;

let warned = false;
/** Warns at start (and once in the log) when webhooks may reach loopback addresses. */
export function warnIfWebhookLoopbackAllowed(): void {
  if (!allowLoopback() || warned) return;
  warned = true;
  console.warn(
    '\n!!! WEBHOOK_ALLOW_LOOPBACK is set: webhooks may be sent to this machine (127.0.0.1, ::1). Tests only — never in production. !!!\n',
  );
  log.warn('WEBHOOK_ALLOW_LOOPBACK is set: subscription webhooks may reach loopback addresses. Never set it outside automated tests.');
}

/** Checks a webhook URL and resolves its host; the refusal names what is wrong (a message key). */
export async function checkWebhookUrl(
  text: string,
  options: { allowLoopback?: boolean; resolve?: Resolver } = {},
): Promise<CheckedUrl | { refused: UrlRefusal; addressClass?: AddressClass }> {
  const loopbackOk = options.allowLoopback ?? allowLoopback();
  if (text.length > SUBSCRIPTION_LIMITS.webhookUrlMax) return { refused: 'urlTooLong' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: 'badUrl' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Plain http only to this machine (an address literal or localhost), under the test-only setting.
  const loopbackHost = host === 'localhost' || (isIP(host) !== 0 && classifyAddress(host) === 'loopback');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackOk && loopbackHost)) return { refused: 'notHttps' };
  if (url.username || url.password) return { refused: 'credentials' };
  if (!host) return { refused: 'badUrl' };
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      return { refused: 'hostNotFound' };
    }
    if (addresses.length === 0) return { refused: 'hostNotFound' };
  }
  for (const a of addresses) {
    const kind = classifyAddress(a.address);
    if (!mayConnect(kind, loopbackOk)) return { refused: 'forbiddenAddress', addressClass: kind };
  }
  if (url.protocol === 'http:' && !addresses.every((a) => classifyAddress(a.address) === 'loopback')) return { refused: 'notHttps' };
  return { url, addresses };
}

/** A delivery that did not get a 2xx: what happened, for the log. */
export class WebhookFailure extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null = null,
  ) {
    super(message);
    this.name = 'WebhookFailure';
  }
}

export interface WebhookResult {
  status: number;
  /** The first bytes of the answer. */
  response: string;
}

/** A lookup that answers with the address already checked, whatever the socket asks for. */
function pinnedLookup(address: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
}

/** POSTs `body` signed with `secret` to `urlText`, checking the address first; throws WebhookFailure otherwise. */
export async function postWebhook(
  urlText: string,
  body: string,
  secret: string,
  headers: Record<string, string>,
  options: { allowLoopback?: boolean; resolve?: Resolver; timeoutMs?: number } = {},
): Promise<WebhookResult> {
  if (Buffer.byteLength(body) > SUBSCRIPTION_LIMITS.bodyBytes) throw new WebhookFailure('body too large');
  const checked = await checkWebhookUrl(urlText, options);
  if ('refused' in checked)
    throw new WebhookFailure(`refused: ${checked.refused}${checked.addressClass ? ` (${checked.addressClass})` : ''}`);
  const { url, addresses } = checked;
  const target = addresses[0]!;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? SUBSCRIPTION_LIMITS.webhookTimeoutMs;
  return new Promise<WebhookResult>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'rscloud-portal-webhook/1',
          [SIGNATURE_HEADER]: signBody(secret, body),
          ...headers,
        },
        timeout: timeoutMs,
        // A literal address's certificate is checked against the host the user gave (SNI too).
        servername: isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) ? undefined : url.hostname,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < SUBSCRIPTION_LIMITS.responseBytesKept) {
            chunks.push(chunk);
            kept += chunk.length;
          } else res.destroy();
        });
        const finish = () => {
          const response = Buffer.concat(chunks).subarray(0, SUBSCRIPTION_LIMITS.responseBytesKept).toString('utf8');
          if (status >= 200 && status < 300) resolve({ status, response });
          else if (status >= 300 && status < 400) reject(new WebhookFailure(`redirect not followed (HTTP ${status})`, status));
          else reject(new WebhookFailure(`HTTP ${status}`, status));
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const deadline = setTimeout(() => req.destroy(new WebhookFailure(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new WebhookFailure(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => reject(error instanceof WebhookFailure ? error : new WebhookFailure(error.message.slice(0, 300))));
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
