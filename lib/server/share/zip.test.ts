import { crc32, inflateRawSync } from 'node:zlib';
import { createZip } from './zip';

/** Reads a ZIP back through its central directory, as an unzip tool does. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(localAt)).toBe(0x04034b50);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = inflateRawSync(zip.subarray(dataAt, dataAt + packedSize));
    expect(crc32(data)).toBe(crc);
    out.set(name, data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

describe('createZip', () => {
  const when = new Date('2026-03-01T08:00:00Z');

  it('round-trips entries with UTF-8 names and binary data', () => {
    const binary = Uint8Array.from({ length: 5000 }, (_, i) => (i * 31) % 256);
    const zip = createZip(
      [
        { name: 'README.txt', data: 'Hello QGIS\n' },
        { name: '说明/连接.xml', data: '<!DOCTYPE connections>\n' },
        { name: 'bin/data.bin', data: binary },
      ],
      when,
    );
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(['README.txt', '说明/连接.xml', 'bin/data.bin']);
    expect(files.get('README.txt')!.toString()).toBe('Hello QGIS\n');
    expect(files.get('说明/连接.xml')!.toString()).toBe('<!DOCTYPE connections>\n');
    expect(Buffer.compare(files.get('bin/data.bin')!, Buffer.from(binary))).toBe(0);
  });

  it('is deterministic', () => {
    const entries = [{ name: 'a.txt', data: 'a' }];
    expect(createZip(entries, when).equals(createZip(entries, when))).toBe(true);
  });
});
