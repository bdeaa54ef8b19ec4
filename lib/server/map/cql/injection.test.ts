/**
 * Hostile CQL_FILTER values must all end in a CqlError, which the services answer with an OGC
 * InvalidParameterValue exception on CQL_FILTER before any SQL is built, and whatever is accepted must
 * come out as SQL built only from whitelisted column expressions, keywords and placeholders.
 */
import type { SqlParam } from '../../db/types';
import type { MapLayer } from '../layers';
import { OwsError } from '../ows';
import { buildWhere } from '../query';
import { HOSTILE_CQL as hostile } from './hostile-filters';
import { CqlError, compileCql, type CqlValueType, type CqlWhitelist } from './index';
import { mulberry32 as random } from '../../../shared/random';

const whitelist: CqlWhitelist = {
  xzqdm: { column: '"xzqdm"', type: 'text' },
  stage: { column: 's.stage', type: 'text' },
  tblx: { column: 'tblx', type: 'text' },
  province: { column: "left(r.code, 2) || '0000'", type: 'text' },
  batch: { column: 'batch', type: 'number' },
  acquired: { column: 'm.acquired_at', type: 'date' },
};

describe('hostile filters', () => {
  /** A layer over the same whitelist, as the services would query it. */
  const layer: MapLayer = {
    name: 'hostile_test',
    title: { zh: '测试', en: 'Test' },
    abstract: { zh: '测试', en: 'Test' },
    from: 'spots s',
    id: 's.id::text',
    geometry: () => 's.geom',
    geometryKind: 'MultiPolygon',
    attributes: Object.entries(whitelist).map(([name, a]) => ({ name, sql: a.column, type: a.type, xsd: 'string' as const })),
    drawOrder: 's.id',
    access: { kind: 'public' },
    styles: { hostile_test: { reads: [], paint: () => null } },
    extent: [73, 3, 136, 54],
  };

  it.each(hostile.map((input) => [input.length > 80 ? `${input.slice(0, 77)}…` : input, input]))(
    'answers %j with an OGC InvalidParameterValue on CQL_FILTER, building no query',
    (_label, input) => {
      const params: SqlParam[] = [];
      let error: unknown;
      let where: string | undefined;
      try {
        where = buildWhere(layer, 's.geom', { cql: input, caller: null }, params);
      } catch (caught) {
        error = caught;
      }
      // The empty filter is no filter: the client gets every row, never an error or injected SQL.
      if (input.trim() === '') {
        expect({ where, params }).toEqual({ where: 'TRUE', params: [] });
        return;
      }
      expect(where).toBeUndefined();
      expect(error).toBeInstanceOf(OwsError);
      expect(error).toMatchObject({ code: 'InvalidParameterValue', locator: 'CQL_FILTER', status: 400 });
      expect((error as OwsError).message).toMatch(/^CQL_FILTER: /);
    },
  );

  it.each(hostile.map((input) => [input.length > 80 ? `${input.slice(0, 77)}…` : input, input]))('rejects %j', (_label, input) => {
    let error: unknown;
    try {
      compileCql(input, whitelist, 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CqlError);
    const { message, position } = error as CqlError;
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(input.length);
    expect(message.length).toBeLessThan(300);
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});


const FRAGMENTS = [
  "'",
  "''",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '\\',
  '$$',
  '$1',
  '::',
  ')',
  '(',
  ' OR 1=1',
  'DROP TABLE users',
  '耕地',
  'é',
  "E'",
  '%',
  '_',
  'xzqdm',
  '\u2019',
  '\t',
  '§',
];
const DATES = ['2024-01-01', '1999-12-31', '2024-02-29T23:59:59Z', '2024-06-30T08:00:00+08:00', '2024-03-01T12:30'];

/** Whether the pattern ends with an escape character that escapes nothing. */
function dangles(pattern: string, escape: string): boolean {
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i += 1) if (chars[i] === escape && ++i === chars.length) return true;
  return false;
}

interface Generated {
  cql: string;
  params: Array<string | number>;
}

function generator(next: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const names = Object.keys(whitelist);

  const attribute = (name: string) => {
    const cased = Array.from(name, (c) => (next() < 0.5 ? c.toUpperCase() : c)).join('');
    return next() < 0.3 ? `"${cased}"` : cased;
  };
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const text = () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(FRAGMENTS)).join('');
  const number = () => pick([Math.floor(next() * 1e6), -(1 + Math.floor(next() * 1000)), next() * 100, next() * 1e-7, 1.5e21]);

  const literal = (type: CqlValueType): Generated => {
    if (type === 'date') {
      const value = pick(DATES);
      return { cql: quote(value), params: [value] };
    }
    if (type === 'number') {
      const value = number();
      return { cql: next() < 0.7 ? String(value) : quote(String(value)), params: [value] };
    }
    if (next() < 0.2) {
      const value = Math.floor(next() * 1e6);
      return { cql: String(value), params: [String(value)] };
    }
    const value = text();
    return { cql: quote(value), params: [value] };
  };

  const predicate = (): Generated => {
    const name = pick(names);
    const { type } = whitelist[name]!;
    const left = attribute(name);
    const not = next() < 0.3 ? 'NOT ' : '';
    const form = pick(type === 'text' ? ['compare', 'in', 'between', 'null', 'like'] : ['compare', 'in', 'between', 'null']);
    if (form === 'compare') {
      const value = literal(type);
      return { cql: `${left} ${pick(['=', '<>', '!=', '<', '<=', '>', '>='])} ${value.cql}`, params: value.params };
    }
    if (form === 'in') {
      const values = Array.from({ length: 1 + Math.floor(next() * 4) }, () => literal(type));
      return { cql: `${left} ${not}IN (${values.map((v) => v.cql).join(', ')})`, params: values.flatMap((v) => v.params) };
    }
    if (form === 'between') {
      const [low, high] = [literal(type), literal(type)];
      return { cql: `${left} ${not}BETWEEN ${low.cql} AND ${high.cql}`, params: [...low.params, ...high.params] };
    }
    if (form === 'like') {
      const pattern = text();
      const escape = next() < 0.4 ? pick(['\\', '!', "'", '耕', '$']) : null;
      // An unpaired escape at the very end of the pattern would be refused: pair it.
      const safe = escape && dangles(pattern, escape) ? pattern + escape : pattern;
      const like = `${left} ${not}${pick(['LIKE', 'ILIKE'])} ${quote(escape ? safe : pattern)}`;
      if (!escape) return { cql: like, params: [pattern] };
      return { cql: `${like} ${pick(['ESCAPE', 'escape'])} ${quote(escape)}`, params: [safe, escape] };
    }
    return { cql: `${left} IS ${not}NULL`, params: [] };
  };

  const expression = (depth: number): Generated => {
    const roll = next();
    if (depth > 3 || roll < 0.4) return next() < 0.05 ? { cql: pick(['INCLUDE', 'EXCLUDE']), params: [] } : predicate();
    if (roll < 0.55) {
      const inner = expression(depth + 1);
      return { cql: `NOT (${inner.cql})`, params: inner.params };
    }
    const [left, right] = [expression(depth + 1), expression(depth + 1)];
    const cql = `(${left.cql}) ${pick(['AND', 'OR', 'and', 'Or'])} (${right.cql})`;
    return { cql, params: [...left.params, ...right.params] };
  };

  return () => expression(0);
}

const COLUMNS = Object.values(whitelist)
  .map((a) => a.column)
  .sort((x, y) => y.length - x.length);
const VOCABULARY_TEXT =
  "$0123456789 ::text ::double precision ::timestamptz AND OR NOT IN LIKE ILIKE BETWEEN IS NULL TRUE FALSE ESCAPE '' <> <= >= = < > ( ) ,";
const VOCABULARY =
  /\$\d+::(?:text|double precision|timestamptz)|\b(?:AND|OR|NOT|IN|I?LIKE|BETWEEN|IS|NULL|TRUE|FALSE)\b|ESCAPE(?: '')?|<>|<=|>=|[=<>(),\s]/g;

/** What is left of the SQL once every allowed piece is taken out: must be nothing. */
function leftover(sql: string): string {
  let rest = sql;
  for (const column of COLUMNS) rest = rest.split(`(${column})`).join(' ').split(column).join(' ');
  return rest.replace(VOCABULARY, '');
}

describe('accepted filters (generated)', () => {
  const generate = generator(random(20240101));
  const cases = Array.from({ length: 400 }, generate);
  const vocabularyCharacters = new Set([...COLUMNS.join(''), ...VOCABULARY_TEXT]);

  it('generates filters that are all accepted, with the literals as parameters in order', () => {
    for (const { cql, params } of cases) {
      const first = 1 + (cql.length % 9);
      const compiled = compileCql(cql, whitelist, first);
      expect({ cql, params: compiled.params }).toEqual({ cql, params });
      const placeholders = [...compiled.sql.matchAll(/\$(\d+)::/g)].map((m) => Number(m[1]));
      expect(placeholders).toEqual(params.map((_, i) => first + i));
    }
  });

  it('builds SQL only from whitelisted columns, keywords and placeholders', () => {
    for (const { cql } of cases) {
      const { sql } = compileCql(cql, whitelist, 1);
      expect({ cql, leftover: leftover(sql) }).toEqual({ cql, leftover: '' });
    }
  });

  it('never puts a character of a literal into the SQL text', () => {
    for (const { cql, params } of cases) {
      const { sql } = compileCql(cql, whitelist, 1);
      const foreign = params.flatMap((p) => [...String(p)]).filter((c) => !vocabularyCharacters.has(c));
      for (const c of foreign) expect({ cql, found: sql.includes(c) ? c : null }).toEqual({ cql, found: null });
    }
  });

  it('detects SQL that smuggles text in (the check can fail)', () => {
    expect(leftover('("xzqdm" = $1::text) OR 1=1 --')).not.toBe('');
    expect(leftover("(tblx LIKE 'x' ESCAPE '')")).not.toBe('');
  });
});
