import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0037_history_evidence',
  sql: `
      -- What a workflow move cites (issue 34.3: a rectified verification case is closed on a catalogue scene acquired
      -- after the rectification, or on the next land-cover batch's spot at the same place), as 'scene:<id>' or
      -- 'spot:<id>'. Covered by the row's hash: a row with evidence is hashed in form workflow-history/2
      -- (lib/shared/workflow/chain.ts), every other row keeps /1, so the rows written before stay valid.
      ALTER TABLE workflow_history ADD COLUMN evidence text CHECK (length(evidence) BETWEEN 1 AND 300);
    `,
};
