/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with the user's %, _ and backslash taken literally:
 * each is preceded by a backslash, PostgreSQL's default escape character (in CQL, add `ESCAPE '\'`).
 * Shared, so the spot list (SQL) and the spot map (CQL) find the same names. Pass it as a parameter
 * or a quoted literal, never as SQL.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
