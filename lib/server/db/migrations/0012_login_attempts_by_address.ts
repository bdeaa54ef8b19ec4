import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0012_login_attempts_by_address',
  sql: `
      -- The login lock-out also counts one address's failures over all accounts (password spraying).
      CREATE INDEX login_attempts_address_idx ON login_attempts (ip, created_at DESC) WHERE NOT success;
      -- Captchas are bounded by age (oldest go first beyond a ceiling) and cleaned by expiry.
      CREATE INDEX captchas_expires_idx ON captchas (expires_at);
    `,
};
