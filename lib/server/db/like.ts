/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with the user's %, _ and backslash taken literally
 * (PostgreSQL's default escape character is the backslash). Pass it as a parameter, never in the SQL.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
