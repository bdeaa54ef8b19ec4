/**
 * The addresses a news body may hold, checked in the editor (to say what is wrong while typing) and by the
 * server's sanitizer (which decides): links to http(s), mailto or a path on this site; images only from a
 * path on this site, since the content security policy loads no image from elsewhere (`img-src 'self'`).
 */

/** A path on this site: one leading slash (two would be another host), no backslash or control character. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\\\u0000-\u001f\s]/.test(value);
}

/**
 * The href a link gets for what an editor typed, or null when it is not an allowed address: http(s) with a
 * host, mailto with an address, or a path on this site. A bare host (`www.example.org/x`) becomes https.
 */
export function newsLinkHref(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (isSitePath(text)) return text;
  if (/^mailto:/i.test(text)) return /^mailto:[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/i.test(text) ? text : null;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : /^[\w-]+(\.[\w-]+)+([/?#:]|$)/.test(text) ? `https://${text}` : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !/\s/.test(candidate) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The src an image gets for what an editor typed, or null: a path on this site, or an address on `origin`
 * (this site), which becomes its path.
 */
export function newsImageSrc(input: string, origin?: string): string | null {
  const text = input.trim();
  if (isSitePath(text)) return text;
  if (!origin) return null;
  try {
    const url = new URL(text);
    if (url.origin !== new URL(origin).origin) return null;
    const path = `${url.pathname}${url.search}`;
    return isSitePath(path) ? path : null;
  } catch {
    return null;
  }
}
