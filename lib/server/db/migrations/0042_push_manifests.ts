import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0042_push_manifests',
  sql: `
      -- Delivery of an image push batch (issue 35.2): the first time its push user fetched the batch's signed
      -- manifest (GET /api/push/v1/batch/manifest). Administrators reading a manifest do not deliver it.
      ALTER TABLE push_batches ADD COLUMN delivered_at timestamptz;
    `,
};
