// Next.js streams route-handler answers and drops a Content-Length the handler sets. A handler whose
// body length matters to clients (remote readers such as GDAL's /vsicurl ask HEAD for the size and then
// read byte ranges) names it in X-Body-Length; this turns it back into Content-Length on the way out.

/** Wraps `res` so that an X-Body-Length header is sent as Content-Length. */
export function keepBodyLength(res) {
  const setHeader = res.setHeader;
  res.setHeader = function (name, value) {
    if (typeof name === 'string' && name.toLowerCase() === 'x-body-length') return setHeader.call(this, 'content-length', value);
    return setHeader.call(this, name, value);
  };
  return res;
}
