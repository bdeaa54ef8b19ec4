import 'server-only';
import type { Migration } from './migration';
/**
 * Issue 32.5: smaller copies of an image (a news cover's 320, 480 and 640 px wide versions) for `srcset`, so a
 * list that shows the cover 176–350 px wide does not load the 960 px original. A variant is a file of its own (its
 * bytes in the file store beside the original's, signed and served like any file) that names its original; it goes
 * with the original when that row is deleted. The partial index serves "the variants of this file" and keeps rows
 * that are no variant out of it.
 */
export const migration: Migration = {
  id: '0033_file_variants',
  sql: `
      ALTER TABLE files ADD COLUMN variant_of bigint REFERENCES files (id) ON DELETE CASCADE;
      CREATE INDEX files_variant_of_idx ON files (variant_of, width) WHERE variant_of IS NOT NULL;
  `,
};
