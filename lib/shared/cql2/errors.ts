/**
 * A rejected CQL2 filter (or STAC search parameter): `key` names a message under `Stac.errors` so the
 * API answers in the caller's language; `values` fill its placeholders. Never carries SQL.
 */
export type Cql2ErrorKey =
  | 'filterTooLong'
  | 'filterTooDeep'
  | 'filterTooManyNodes'
  | 'listTooLong'
  | 'syntax'
  | 'unexpectedEnd'
  | 'unexpectedCharacter'
  | 'unterminatedString'
  | 'unknownProperty'
  | 'unknownFunction'
  | 'unsupported'
  | 'typeMismatch'
  | 'badTimestamp'
  | 'badGeometry'
  | 'tooManyVertices'
  | 'badFilterLang'
  | 'badJsonFilter';

export class Cql2Error extends Error {
  constructor(
    readonly key: Cql2ErrorKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(values)}`);
    this.name = 'Cql2Error';
  }
}

const MAX_ECHO = 40;

/** Client text quoted in a message: shortened, invisible characters spelt as \uXXXX. */
export function echo(text: string): string {
  const short = text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
  return short.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
