import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0002_accounts',
  sql: `
      -- Permission codes (spec §6) and roles that bundle them.
      CREATE TABLE permissions (
        code    text PRIMARY KEY,
        name_zh text NOT NULL,
        name_en text NOT NULL,
        sort    int  NOT NULL DEFAULT 0
      );
      CREATE TABLE roles (
        id      serial PRIMARY KEY,
        code    text NOT NULL UNIQUE,
        name_zh text NOT NULL,
        name_en text NOT NULL
      );
      CREATE TABLE role_permissions (
        role_id         int  NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
        permission_code text NOT NULL REFERENCES permissions (code) ON DELETE CASCADE,
        PRIMARY KEY (role_id, permission_code)
      );

      -- Provincial node users and dedicated-line users (spec §6).
      CREATE TABLE node_types (
        code    text PRIMARY KEY,
        name_zh text NOT NULL,
        name_en text NOT NULL
      );

      CREATE TABLE users (
        id                   bigserial PRIMARY KEY,
        username             text        NOT NULL,
        email                text,
        telephone            text,
        password_hash        text        NOT NULL,
        account_type         smallint    NOT NULL DEFAULT 1 CHECK (account_type IN (0, 1)), -- 0 personal
        node_type            text        REFERENCES node_types (code),
        real_name            text,
        organization         text,
        person_info          jsonb       NOT NULL DEFAULT '{}'::jsonb,
        must_change_password boolean     NOT NULL DEFAULT false,
        status               smallint    NOT NULL DEFAULT 0, -- 0 active, 1 disabled
        created_at           timestamptz NOT NULL DEFAULT now(),
        updated_at           timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_username_key ON users (lower(username));
      CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;
      CREATE UNIQUE INDEX users_telephone_key ON users (telephone) WHERE telephone IS NOT NULL;

      CREATE TABLE user_roles (
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role_id int    NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      );

      -- Area ranges (spec §3): only status 0 and is_delete 0 count.
      CREATE TABLE area_ranges (
        id         bigserial PRIMARY KEY,
        user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type       text        NOT NULL DEFAULT 'regionId',
        region_id  text        NOT NULL CHECK (region_id ~ '^[0-9]{6,9}$'),
        status     smallint    NOT NULL DEFAULT 0,
        is_delete  smallint    NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX area_ranges_user_idx ON area_ranges (user_id) WHERE status = 0 AND is_delete = 0;

      CREATE TABLE sessions (
        id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip         text,
        user_agent text
      );
      CREATE INDEX sessions_user_idx ON sessions (user_id);

      -- Captcha answers are stored hashed and consumed by the first attempt.
      CREATE TABLE captchas (
        token       text        PRIMARY KEY,
        answer_hash text        NOT NULL,
        expires_at  timestamptz NOT NULL
      );

      CREATE TABLE login_attempts (
        id         bigserial PRIMARY KEY,
        username   text        NOT NULL,
        ip         text        NOT NULL,
        success    boolean     NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX login_attempts_lookup_idx ON login_attempts (username, ip, created_at DESC);

      -- Keys generated once and shared by every process (JWT secret, login RSA key pair) when the
      -- environment does not provide them.
      CREATE TABLE app_secrets (
        name       text PRIMARY KEY,
        value      text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
};
