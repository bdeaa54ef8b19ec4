import { isSitePath, newsImageSrc, newsLinkHref } from './body-urls';

describe('addresses in a news body', () => {
  it('links: http(s) with a host, mailto with an address, paths on this site; a bare host becomes https', () => {
    expect(newsLinkHref(' https://www.mnr.gov.cn/x?a=1 ')).toBe('https://www.mnr.gov.cn/x?a=1');
    expect(newsLinkHref('http://example.org')).toBe('http://example.org/');
    expect(newsLinkHref('www.mnr.gov.cn')).toBe('https://www.mnr.gov.cn/');
    expect(newsLinkHref('mailto:editor@example.org')).toBe('mailto:editor@example.org');
    expect(newsLinkHref('/chinese/home')).toBe('/chinese/home');
    for (const bad of [
      '',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'ftp://x.org',
      'https://localhost',
      'mailto:nobody',
      'just words',
      'https://a b.org',
    ]) {
      expect([bad, newsLinkHref(bad)]).toEqual([bad, null]);
    }
  });

  it('images: paths on this site, or an address on this site made a path', () => {
    expect(newsImageSrc('/api/figures/a.png')).toBe('/api/figures/a.png');
    expect(newsImageSrc('https://portal.example/api/a.png?v=2', 'https://portal.example')).toBe('/api/a.png?v=2');
    for (const bad of [
      'https://elsewhere.example/a.png',
      '//portal.example/a.png',
      'a.png',
      'data:image/png;base64,AA',
      'javascript:alert(1)',
    ]) {
      expect([bad, newsImageSrc(bad, 'https://portal.example')]).toEqual([bad, null]);
    }
    expect(isSitePath('/a b')).toBe(false);
  });
});
