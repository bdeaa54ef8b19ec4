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

/** The modulo-10 checksum of a TLE line's first 68 columns: digits count their value, a minus sign 1. */
export function tleChecksum(line: string): number {
  let sum = 0;
  for (const c of line.slice(0, 68)) {
    if (c >= '0' && c <= '9') sum += c.charCodeAt(0) - 48;
    else if (c === '-') sum += 1;
  }
  return sum % 10;
}

export interface TleProblem {
  /** 1-based line of the uploaded text the problem is on (the name line of a set). */
  line: number;
  kind: 'format' | 'checksum' | 'unknown';
  name?: string;
  norad?: number;
}

const LINE1 = /^1 [0-9 ]{5}[A-Z ] .{8} [0-9 ]{5}\.[0-9 ]{8} .{10} .{8} .{8} \d [ 0-9]{4}\d$/;
const LINE2 =
  /^2 [0-9 ]{5} [ 0-9]{3}\.[0-9 ]{4} [ 0-9]{3}\.[0-9 ]{4} \d{7} [ 0-9]{3}\.[0-9 ]{4} [ 0-9]{3}\.[0-9 ]{4} [ 0-9]{2}\.[0-9 ]{8}[ 0-9]{5}\d$/;

/**
 * Checks an uploaded element-set file (three-line sets) before it replaces any stored orbit: each set's
 * lines in the fixed-column format, both checksums, the two lines naming the same satellite, and (given
 * the satellites the portal knows) which sets name a satellite it does not. Answers the sound sets and
 * every problem; a caller refuses the file on any format or checksum problem and reports unknown ones.
 */
export function checkTles(text: string, known?: ReadonlySet<number>): { tles: Tle[]; problems: TleProblem[] } {
  const lines = text.split(/\r?\n/).map((l, i) => ({ text: l.trimEnd(), at: i + 1 }));
  const filled = lines.filter((l) => l.text.trim() !== '');
  const tles: Tle[] = [];
  const problems: TleProblem[] = [];
  for (let i = 0; i < filled.length; i += 3) {
    const [name, l1, l2] = [filled[i]!, filled[i + 1], filled[i + 2]];
    const title = name.text.trim().replace(/^0 /, '');
    if (!l1 || !l2 || !LINE1.test(l1.text) || !LINE2.test(l2.text) || l1.text.slice(2, 7) !== l2.text.slice(2, 7)) {
      problems.push({ line: name.at, kind: 'format', name: title });
      // Resynchronise on the next set (a name line before a line 1 and a line 2): the sets after a broken one are
      // still checked. Always forward: the search starts past this set's own first line.
      // (Searched from there, not from the file's start: a file of broken sets stays linear.)
      let next = -1;
      for (let k = i + 2; k < filled.length && next === -1; k++)
        if (filled[k]!.text.startsWith('1 ') && filled[k + 1]?.text.startsWith('2 ')) next = k;
      if (next === -1) break;
      i = next - 1 - 3;
      continue;
    }
    const norad = Number(l1.text.slice(2, 7));
    if (tleChecksum(l1.text) !== Number(l1.text[68]) || tleChecksum(l2.text) !== Number(l2.text[68])) {
      problems.push({ line: name.at, kind: 'checksum', name: title, norad });
      continue;
    }
    if (known && !known.has(norad)) problems.push({ line: name.at, kind: 'unknown', name: title, norad });
    const parsed = parseTles(`${title}\n${l1.text}\n${l2.text}`).get(norad)!;
    tles.push(parsed);
  }
  return { tles, problems };
}
