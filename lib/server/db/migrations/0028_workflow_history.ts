import 'server-only';
import type { Migration } from './migration';
/**
 * Issue 31 point 1 (ADR 0018): one history table for every workflow. `order_history` and
 * `data_request_history` were the same table twice; their rows move here (in their order, so each
 * subject's history reads as before), feedback gains a history (backfilled from its rows: sent, answered),
 * and FEEDBACK_STATUS names its states like the other workflows' dictionaries. The old names stay as
 * read-only views for reports and ad-hoc queries; the portal reads and writes only workflow_history,
 * through lib/server/workflow.
 */
export const migration: Migration = {
  id: '0028_workflow_history',
  sql: `
      CREATE TABLE workflow_history (
        id          bigserial   PRIMARY KEY,
        workflow    text        NOT NULL CHECK (workflow ~ '^[a-z][a-z0-9_]{1,29}$'), -- the machine's id
        subject_id  bigint      NOT NULL,                                             -- the row that moved
        from_status text,                                                             -- NULL: created
        to_status   text        NOT NULL,
        changed_by  bigint      REFERENCES users (id) ON DELETE SET NULL,             -- NULL: the system
        actor_role  text        NOT NULL CHECK (actor_role IN ('owner', 'admin', 'system')),
        note        text        CHECK (length(note) <= 2000),
        changed_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX workflow_history_subject_idx ON workflow_history (workflow, subject_id, id);

      INSERT INTO workflow_history (workflow, subject_id, from_status, to_status, changed_by, actor_role, note, changed_at)
      SELECT 'order', h.order_id, h.from_status::text, h.to_status::text, h.changed_by,
             CASE WHEN h.changed_by IS NULL THEN 'system' WHEN h.changed_by = o.user_id THEN 'owner' ELSE 'admin' END,
             h.note, h.changed_at
        FROM order_history h JOIN orders o ON o.id = h.order_id ORDER BY h.id;
      INSERT INTO workflow_history (workflow, subject_id, from_status, to_status, changed_by, actor_role, note, changed_at)
      SELECT 'request', h.request_id, h.from_status::text, h.to_status::text, h.changed_by,
             CASE WHEN h.changed_by IS NULL THEN 'system' WHEN h.changed_by = r.user_id THEN 'owner' ELSE 'admin' END,
             h.note, h.changed_at
        FROM data_request_history h JOIN data_requests r ON r.id = h.request_id ORDER BY h.id;
      INSERT INTO workflow_history (workflow, subject_id, from_status, to_status, changed_by, actor_role, note, changed_at)
      SELECT 'feedback', e.id, e.from_status, e.to_status, e.changed_by, e.actor_role, NULL, e.changed_at
        FROM (SELECT f.id, NULL::text AS from_status, 'received' AS to_status, f.user_id AS changed_by, 'owner' AS actor_role,
                     f.created_at AS changed_at, 1 AS step FROM feedback f
              UNION ALL
              SELECT f.id, 'received', 'replied', f.replied_by, 'admin', f.replied_at, 2 FROM feedback f WHERE f.status = 'replied') e
       ORDER BY e.changed_at, e.id, e.step;

      DROP TABLE order_history;
      DROP TABLE data_request_history;
      CREATE VIEW order_history AS
        SELECT id, subject_id AS order_id, from_status::smallint AS from_status, to_status::smallint AS to_status, changed_by, note, changed_at
          FROM workflow_history WHERE workflow = 'order';
      CREATE VIEW data_request_history AS
        SELECT id, subject_id AS request_id, from_status::smallint AS from_status, to_status::smallint AS to_status, changed_by, note, changed_at
          FROM workflow_history WHERE workflow = 'request';

      -- A subject's history goes with it (what ON DELETE CASCADE did for the two tables).
      CREATE FUNCTION workflow_history_forget() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM workflow_history WHERE workflow = TG_ARGV[0] AND subject_id = OLD.id;
        RETURN OLD;
      END
      $fn$;
      CREATE TRIGGER orders_forget_history AFTER DELETE ON orders
        FOR EACH ROW EXECUTE FUNCTION workflow_history_forget('order');
      CREATE TRIGGER data_requests_forget_history AFTER DELETE ON data_requests
        FOR EACH ROW EXECUTE FUNCTION workflow_history_forget('request');
      CREATE TRIGGER feedback_forget_history AFTER DELETE ON feedback
        FOR EACH ROW EXECUTE FUNCTION workflow_history_forget('feedback');

      INSERT INTO dictionary_items (code, item_value, name_zh, name_en, sort) VALUES
        ('FEEDBACK_STATUS', 'received', '待回复', 'Awaiting answer', 1),
        ('FEEDBACK_STATUS', 'replied', '已回复', 'Answered', 2)
      ON CONFLICT (code, item_value) DO NOTHING;
  `,
};
