import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0003_verification',
  sql: `
      -- One-time codes sent by e-mail or SMS (registration, password reset, contact changes).
      CREATE TABLE verification_codes (
        id          bigserial PRIMARY KEY,
        channel     text        NOT NULL CHECK (channel IN ('email', 'telephone')),
        target      text        NOT NULL,
        purpose     text        NOT NULL CHECK (purpose IN ('register', 'reset', 'change')),
        code_hash   text        NOT NULL,
        attempts    int         NOT NULL DEFAULT 0,
        expires_at  timestamptz NOT NULL,
        consumed_at timestamptz,
        ip          text,
        created_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX verification_codes_lookup_idx ON verification_codes (channel, target, purpose, created_at DESC);

      -- Messages the embedded default "sends": e-mail without SMTP_URL, and every SMS.
      CREATE TABLE outbox (
        id         bigserial PRIMARY KEY,
        channel    text        NOT NULL CHECK (channel IN ('email', 'telephone')),
        recipient  text        NOT NULL,
        subject    text        NOT NULL,
        body       text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
};
