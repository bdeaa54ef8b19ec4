import { signV4, uriEncode } from './sigv4';

// AWS's published example "GET Object" (Amazon S3 API reference, "Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk"), with its example keys.
const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

describe('AWS Signature Version 4', () => {
  it('reproduces the published GET Object example', () => {
    const signed = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      service: 's3',
      credentials,
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('reproduces the published PUT Object example', () => {
    const signed = signV4({
      method: 'PUT',
      url: new URL(`https://examplebucket.s3.amazonaws.com/${uriEncode('test$file.text', true)}`),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      region: 'us-east-1',
      service: 's3',
      credentials,
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('changes the signature when anything signed changes', () => {
    const base = {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      payloadHash: 'UNSIGNED-PAYLOAD',
      region: 'us-east-1',
      service: 's3',
      credentials,
      date: new Date('2013-05-24T00:00:00Z'),
    };
    const signature = signV4(base).signature;
    expect(signV4({ ...base, url: new URL('https://examplebucket.s3.amazonaws.com/test2.txt') }).signature).not.toBe(signature);
    expect(signV4({ ...base, region: 'cn-north-1' }).signature).not.toBe(signature);
    expect(signV4({ ...base, date: new Date('2013-05-24T00:00:01Z') }).signature).not.toBe(signature);
  });

  it('encodes keys the way S3 expects', () => {
    expect(uriEncode('报告 (v2)*.txt', true)).toBe('%E6%8A%A5%E5%91%8A%20%28v2%29%2A.txt');
    expect(uriEncode('a/b c', true)).toBe('a/b%20c');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
  });
});
