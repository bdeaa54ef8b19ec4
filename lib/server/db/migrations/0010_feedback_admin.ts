import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0010_feedback_admin',
  sql: `
      -- Administrators hold an explicit permission instead of "every code" (which silently broke whenever a
      -- code was added). Roles that held every code before this migration keep administering.
      INSERT INTO permissions (code, name_zh, name_en, sort) VALUES ('MOD_ADMIN', '系统管理', 'Administration', 100)
      ON CONFLICT (code) DO NOTHING;
      INSERT INTO role_permissions (role_id, permission_code)
      SELECT rp.role_id, 'MOD_ADMIN' FROM role_permissions rp
      WHERE rp.permission_code IN ('MOD_061', 'MOD_056', 'MOD_076', 'MOD_057', 'MOD_068', 'MOD_069', 'MOD_058', 'MOD_059', 'MOD_060', 'MOD_054', 'MOD_EDITOR')
      GROUP BY rp.role_id HAVING count(DISTINCT rp.permission_code) = 11
      ON CONFLICT DO NOTHING;

      -- Administrators page through all feedback, newest first, or only the unanswered.
      CREATE INDEX feedback_created_idx ON feedback (created_at DESC, id DESC);
      CREATE INDEX feedback_unanswered_idx ON feedback (created_at DESC, id DESC) WHERE status = 'received';
    `,
};
