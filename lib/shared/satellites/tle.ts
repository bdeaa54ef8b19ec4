/**
 * Three-line element sets (name line, line 1, line 2; CRLF or LF) by NORAD number: the one TLE reader of
 * the satellite data build (scripts/satellites) and the demo catalogue's orbits (lib/server/catalogue/demo).
 */
export interface Tle {
  name: string;
  norad: number;
  /** COSPAR designator (e.g. 2013-008A) from line 1, when it has one. */
  cospar: string | null;
  line1: string;
  line2: string;
}

export function parseTles(text: string): Map<number, Tle> {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const out = new Map<number, Tle>();
  for (let i = 0; i + 2 < lines.length; i += 3) {
    const [name, line1, line2] = [lines[i]!.trim(), lines[i + 1]!, lines[i + 2]!];
    if (!line1.startsWith('1 ') || !line2.startsWith('2 ')) throw new Error(`TLE out of step at line ${i + 1}: ${name}`);
    const norad = Number(line1.slice(2, 7));
    // International designator: YYNNNPPP (launch year, launch number, piece).
    const intl = line1.slice(9, 17).trim();
    const m = /^(\d{2})(\d{3})([A-Z]{1,3})$/.exec(intl);
    const cospar = m ? `${Number(m[1]) < 57 ? 2000 + Number(m[1]) : 1900 + Number(m[1])}-${m[2]}${m[3]}` : null;
    out.set(norad, { name, norad, cospar, line1, line2 });
  }
  return out;
}
