import { classifyAddress, mayConnect } from './addresses';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('IPv4 %s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it.each(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255', '93.184.215.14'])(
    'IPv4 %s is public',
    (ip) => expect(classifyAddress(ip)).toBe('public'),
  );

  it.each([
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf:ffff::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
  ])('IPv6 %s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', 'fec0::1'.replace('fec0', '2400')])('IPv6 %s is public', (ip) =>
    expect(classifyAddress(ip)).toBe('public'),
  );

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
  ])('an IPv4 address inside IPv6, %s, is judged as the IPv4 address: %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it('judges a mapped public address public', () => {
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('::ffff:808:808')).toBe('public');
  });

  it.each(['localhost', '127.1', '2130706433', '0x7f.0.0.1', '1.2.3', '', 'fe80::1::2'])('%s is not an address literal', (text) =>
    expect(classifyAddress(text)).toBe('invalid'),
  );
});

describe('mayConnect', () => {
  it('lets only public addresses through, and loopback only under the test setting', () => {
    expect(mayConnect('public', false)).toBe(true);
    expect(mayConnect('loopback', false)).toBe(false);
    expect(mayConnect('loopback', true)).toBe(true);
    for (const kind of ['private', 'linkLocal', 'cgnat', 'unspecified', 'multicast', 'reserved', 'invalid'] as const) {
      expect(mayConnect(kind, true)).toBe(false);
    }
  });
});
