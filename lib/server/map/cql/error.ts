import 'server-only';
/** A rejected CQL filter: the message goes into an OGC ServiceException, `position` is the offset in the input. */
export class CqlError extends Error {
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'CqlError';
    this.position = position;
  }
}

/** Builds the error for `what` went wrong at `position`, e.g. `Unknown attribute "foo" at 7; allowed: a, b`. */
export function cqlError(what: string, position: number, hint?: string): CqlError {
  return new CqlError(`${what} at ${position}${hint ? `; ${hint}` : ''}`, position);
}

const MAX_ECHO = 40;

/**
 * Client text echoed in a message: shortened, and with control and other invisible characters spelt
 * as \uXXXX so the message stays readable and valid inside XML.
 */
export function echo(text: string): string {
  const short = text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
  return short.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
