import 'server-only';
/** One schema migration: an id (`NNNN_name`, the file's name) and the SQL it runs in one transaction. */
export interface Migration {
  id: string;
  sql: string;
}
