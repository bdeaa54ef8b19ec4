import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0021_request_regions_expired_packages',
  sql: `
      -- An area application for regions keeps their codes, so each reader sees the names in their own
      -- language (area_label held the applicant's; it stays for uploaded areas, whose label is a file name).
      ALTER TABLE data_requests ADD COLUMN area_regions text[];
      -- The packages of an expired order are deleted: its ready items keep their size and downloads but no
      -- longer name a stored file.
      ALTER TABLE order_items DROP CONSTRAINT order_items_check;
      ALTER TABLE order_items ADD CONSTRAINT order_items_package_check CHECK (package_key IS NULL OR status = 3);
    `,
};
