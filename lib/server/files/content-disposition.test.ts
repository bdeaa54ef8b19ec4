import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps an ASCII name and adds the RFC 5987 form', () => {
    expect(contentDisposition('rscloud-client.py')).toBe(`attachment; filename="rscloud-client.py"; filename*=UTF-8''rscloud-client.py`);
  });

  it('encodes Chinese names and gives old clients a safe fallback', () => {
    expect(contentDisposition('土地覆盖图例 (v1).md')).toBe(
      `attachment; filename="______ (v1).md"; filename*=UTF-8''%E5%9C%9F%E5%9C%B0%E8%A6%86%E7%9B%96%E5%9B%BE%E4%BE%8B%20%28v1%29.md`,
    );
  });

  it('cannot be used to inject header parameters or paths', () => {
    const header = contentDisposition('a";\r\nx-evil: 1; filename="../../etc/passwd');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('filename="')[1]!.split('"')[0]).not.toContain('/');
    expect(header).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+,=:@-]*$/);
    expect(contentDisposition('cover.png', 'inline')).toMatch(/^inline; /);
  });
});
