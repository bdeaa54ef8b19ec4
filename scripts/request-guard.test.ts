import { guardRequest, refusal } from './request-guard.mjs';

function answer(method: string, url: string, logLevel = 'info') {
  const lines: string[] = [];
  const res = { status: 0, headers: {} as Record<string, string>, body: undefined as string | undefined };
  const fake = {
    writeHead: (status: number, headers: Record<string, string>) => Object.assign(res, { status, headers }),
    end: (body?: string) => Object.assign(res, { body }),
  };
  const handled = guardRequest({ method, url } as never, fake as never, logLevel, (line: string) => lines.push(line));
  return { handled, ...res, lines };
}

describe('request guard', () => {
  it.each(['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', 'DELETE', 'PUT', 'POST'])('refuses %s on a page with 405 and a log line', (method) => {
    const r = answer(method, '/chinese/home?x=1');
    expect(r).toMatchObject({ handled: true, status: 405, headers: { allow: 'GET, HEAD' } });
    expect(JSON.parse(r.lines[0]!)).toMatchObject({ level: 'warn', msg: 'request refused', method, path: '/chinese/home', status: 405 });
  });

  it('lets the API keep its methods but refuses TRACE there too', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']) expect(refusal(method, '/api/feedback/v1/feedback')).toBeNull();
    expect(refusal('TRACE', '/api/news/v3/news-v3')).toMatchObject({ status: 405 });
    expect(refusal('TRACE', '/map/cloudPlatform/wms?SERVICE=WMS')).toMatchObject({ status: 405 });
  });

  it.each(['/chinese/platform/newsList/media/detail/%E0%A4%A', '/api/news/v3/news-v3/id/%E0%A4%A', '/english/%ZZ', '/chinese/a%'])(
    'answers 400 with a log line for the broken encoding of %s',
    (url) => {
      const r = answer('GET', url);
      expect(r).toMatchObject({ handled: true, status: 400 });
      expect(JSON.parse(r.lines[0]!)).toMatchObject({ msg: 'request refused', reason: 'malformed path encoding', status: 400 });
    },
  );

  it('passes sound requests through, %-encoded ones included, and keeps silent when LOG_LEVEL says so', () => {
    expect(answer('GET', '/chinese/platform/newsList/media/detail/40').handled).toBe(false);
    expect(answer('HEAD', '/english/home?q=%E0%A4%A').handled).toBe(false);
    expect(answer('GET', '/api/region/v1/name/%E6%B2%B3%E5%8C%97').handled).toBe(false);
    expect(answer('TRACE', '/chinese/home', 'error').lines).toEqual([]);
  });
});
