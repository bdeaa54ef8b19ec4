import { htmlToText, sanitizeNewsHtml } from './sanitize';

/** Inputs that must lose every script vector; none of the output may execute anything. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<<script>script>alert(1)<</script>/script>',
  '<p>ok</p><!-- <script>alert(1)</script> -->',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<div><p>nested <b onmouseover=alert(1)>bold</b></p></div>',
];

const DANGEROUS =
  /<script|<img|<svg|<iframe|<object|<embed|<form|<input|<style|<meta|<base|<link|<math|<template|\son\w+=|javascript:|vbscript:|data:|href="\/\//i;

describe('sanitizeNewsHtml', () => {
  it.each(XSS_CORPUS)('defuses %s', (input) => {
    const output = sanitizeNewsHtml(input);
    expect(output).not.toMatch(DANGEROUS);
    // Idempotent: sanitizing stored output again changes nothing (bodies are cleaned on save and on render).
    expect(sanitizeNewsHtml(output)).toBe(output);
  });

  it('keeps the article structure and makes links safe', () => {
    const html =
      '<h2>Data</h2><p>See <a href="https://www.mnr.gov.cn/">MNR</a> and <strong>GF-7</strong>.</p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    const output = sanitizeNewsHtml(html);
    expect(output).toContain('<h2>Data</h2>');
    expect(output).toContain('<a href="https://www.mnr.gov.cn/" rel="noopener noreferrer nofollow" target="_blank">MNR</a>');
    expect(output).toContain('<strong>GF-7</strong>');
    expect(output).toContain('<li>one</li>');
    expect(output).toContain('<td colspan="2">x</td>');
  });

  it('keeps what the editor’s toolbar makes: underline, headings, lists, quotes, links to this site, images from this site', () => {
    const html =
      '<h3>Sub</h3><p><u>under</u> <em>it</em> <a href="/english/home">home</a></p><ol><li>one</li></ol><blockquote><p>q</p></blockquote><img src="/api/figures/a.png" alt="A scene">';
    expect(sanitizeNewsHtml(html)).toBe(
      '<h3>Sub</h3><p><u>under</u> <em>it</em> <a href="/english/home" rel="noopener noreferrer nofollow">home</a></p><ol><li>one</li></ol><blockquote><p>q</p></blockquote><img src="/api/figures/a.png" alt="A scene" />',
    );
  });

  it('keeps an image only from a path on this site, and never its handlers or styles', () => {
    expect(sanitizeNewsHtml('<p>a<img src="/api/x.png" onerror="alert(1)" style="width:9px" alt="x">b</p>')).toBe(
      '<p>a<img src="/api/x.png" alt="x" />b</p>',
    );
    for (const src of [
      'x',
      '//evil.example/x.png',
      'https://evil.example/x.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/\\evil.example/x.png',
      '',
    ]) {
      expect([src, sanitizeNewsHtml(`<p>a<img src="${src}" alt="x">b</p>`)]).toEqual([src, '<p>ab</p>']);
    }
  });

  it('gives plain text for search', () => {
    expect(htmlToText('<p>高分七号</p><p>立体&nbsp;测图 <script>x</script></p>')).toBe('高分七号 立体 测图');
  });
});
