import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0018_orders',
  sql: `
      -- Issue 19: cart, orders, production, delivery and data applications (lib/shared/orders/model.ts
      -- holds the statuses, who may move them and the caps). Orders keep a copy of each scene's metadata:
      -- the demo catalogue is regenerated and imported scenes can be withdrawn, an order outlives both.

      -- The cart (spec §3 "order cart"): one row per user and scene; adding twice keeps one.
      CREATE TABLE cart_items (
        user_id  bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        scene_id text        NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, scene_id)
      );
      CREATE INDEX cart_items_user_added_idx ON cart_items (user_id, added_at DESC, scene_id);

      -- Data applications (spec §3 "request"): for chosen scenes or for an area and period.
      CREATE TABLE data_requests (
        id               bigserial PRIMARY KEY,
        code             text        NOT NULL UNIQUE CHECK (code ~ '^SQ[0-9]{14}$'),
        user_id          bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status           smallint    NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4), -- REQUEST_STATUS
        kind             text        NOT NULL CHECK (kind IN ('scenes', 'area')),
        organization     text        NOT NULL CHECK (length(organization) BETWEEN 1 AND 200),
        project          text        NOT NULL CHECK (length(project) BETWEEN 1 AND 200),
        purpose          text        NOT NULL CHECK (length(purpose) BETWEEN 1 AND 2000),
        contact_name     text        NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 100),
        contact_phone    text        CHECK (length(contact_phone) <= 40),
        contact_email    text        CHECK (length(contact_email) <= 254),
        area             geometry(MultiPolygon, 4326) CHECK (area IS NULL OR ST_IsValid(area)),
        area_label       text        CHECK (length(area_label) <= 200),
        date_from        date,
        date_to          date,
        attachment_key   text,
        attachment_name  text        CHECK (length(attachment_name) <= 255),
        attachment_bytes integer     CHECK (attachment_bytes BETWEEN 1 AND 10485760),
        review_note      text        CHECK (length(review_note) <= 2000),
        reviewed_by      bigint      REFERENCES users (id) ON DELETE SET NULL,
        reviewed_at      timestamptz,
        idempotency_key  uuid        NOT NULL,
        created_at       timestamptz NOT NULL DEFAULT now(),
        updated_at       timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, idempotency_key),
        CHECK ((kind = 'area') = (area IS NOT NULL)),
        CHECK (date_from IS NULL OR date_to IS NULL OR date_from <= date_to)
      );
      CREATE INDEX data_requests_user_idx ON data_requests (user_id, created_at DESC);
      CREATE INDEX data_requests_status_idx ON data_requests (status, created_at DESC);
      CREATE TABLE data_request_items (
        request_id bigint NOT NULL REFERENCES data_requests (id) ON DELETE CASCADE,
        scene_id   text   NOT NULL,
        file_name  text   NOT NULL,
        scene      jsonb  NOT NULL, -- the scene's metadata when applied for
        PRIMARY KEY (request_id, scene_id)
      );
      CREATE TABLE data_request_history (
        id          bigserial PRIMARY KEY,
        request_id  bigint      NOT NULL REFERENCES data_requests (id) ON DELETE CASCADE,
        from_status smallint,
        to_status   smallint    NOT NULL,
        changed_by  bigint      REFERENCES users (id) ON DELETE SET NULL, -- NULL: the system
        note        text        CHECK (length(note) <= 2000),
        changed_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX data_request_history_request_idx ON data_request_history (request_id, id);

      -- Orders (spec §3 "order"): placed from the cart or by approving an application; a repeated or
      -- concurrent submit with the same key finds the first order (UNIQUE (user_id, idempotency_key)).
      CREATE TABLE orders (
        id              bigserial PRIMARY KEY,
        code            text        NOT NULL UNIQUE CHECK (code ~ '^DD[0-9]{14}$'),
        user_id         bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status          smallint    NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 8), -- ORDER_STATUS
        purpose         text        NOT NULL CHECK (length(purpose) BETWEEN 1 AND 2000),
        contact_name    text        NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 100),
        contact_phone   text        CHECK (length(contact_phone) <= 40),
        contact_email   text        CHECK (length(contact_email) <= 254),
        organization    text        CHECK (length(organization) <= 200),
        request_id      bigint      UNIQUE REFERENCES data_requests (id) ON DELETE SET NULL,
        idempotency_key uuid        NOT NULL,
        item_count      integer     NOT NULL CHECK (item_count >= 1),
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now(),
        ready_at        timestamptz,
        expires_at      timestamptz,
        UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC, id DESC);
      CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
      CREATE TABLE order_items (
        id            bigserial PRIMARY KEY,
        order_id      bigint      NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        scene_id      text        NOT NULL,
        file_name     text        NOT NULL,
        satellite     text        NOT NULL,
        online        boolean     NOT NULL,
        scene         jsonb       NOT NULL, -- the scene's metadata when ordered (what the package holds)
        status        smallint    NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4), -- ORDER_ITEM_STATUS
        failure       text        CHECK (length(failure) <= 200), -- a message key: why it failed
        attempts      integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        package_key   text,
        package_bytes bigint      CHECK (package_bytes >= 0),
        ready_at      timestamptz,
        downloads     integer     NOT NULL DEFAULT 0 CHECK (downloads >= 0),
        UNIQUE (order_id, scene_id),
        CHECK ((status = 3) = (package_key IS NOT NULL))
      );
      CREATE INDEX order_items_order_idx ON order_items (order_id, id);
      CREATE TABLE order_history (
        id          bigserial PRIMARY KEY,
        order_id    bigint      NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        from_status smallint,
        to_status   smallint    NOT NULL,
        changed_by  bigint      REFERENCES users (id) ON DELETE SET NULL, -- NULL: the system
        note        text        CHECK (length(note) <= 2000),
        changed_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX order_history_order_idx ON order_history (order_id, id);
      -- Every download of a delivered package (counted per item as well).
      CREATE TABLE order_downloads (
        id            bigserial PRIMARY KEY,
        order_item_id bigint      NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
        user_id       bigint      REFERENCES users (id) ON DELETE SET NULL,
        downloaded_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX order_downloads_item_idx ON order_downloads (order_item_id);

      -- Background work (DESIGN.md "Orders"): a queue in the database, taken with FOR UPDATE SKIP LOCKED
      -- under a lease; a worker that dies leaves its job to be taken again when the lease runs out, and
      -- each job's effect is written in the transaction that marks it done, so nothing is lost or doubled.
      CREATE TABLE jobs (
        id           bigserial PRIMARY KEY,
        kind         text        NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{1,49}$'),
        payload      jsonb       NOT NULL DEFAULT '{}'::jsonb,
        dedupe_key   text        UNIQUE,
        run_at       timestamptz NOT NULL DEFAULT now(),
        attempts     integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        max_attempts integer     NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
        locked_by    text,
        locked_until timestamptz,
        done_at      timestamptz,
        failed_at    timestamptz,
        last_error   text,
        created_at   timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE done_at IS NULL AND failed_at IS NULL;

      INSERT INTO dictionary_items (code, item_value, name_zh, name_en, sort) VALUES
        ('ORDER_STATUS', '1', '已提交', 'Submitted', 1),
        ('ORDER_STATUS', '2', '生产中', 'In production', 2),
        ('ORDER_STATUS', '3', '可下载', 'Ready', 3),
        ('ORDER_STATUS', '4', '已完成', 'Completed', 4),
        ('ORDER_STATUS', '5', '已驳回', 'Rejected', 5),
        ('ORDER_STATUS', '6', '已取消', 'Cancelled', 6),
        ('ORDER_STATUS', '7', '已过期', 'Expired', 7),
        ('ORDER_STATUS', '8', '生产失败', 'Production failed', 8),
        ('ORDER_ITEM_STATUS', '1', '等待生产', 'Waiting', 1),
        ('ORDER_ITEM_STATUS', '2', '生产中', 'In production', 2),
        ('ORDER_ITEM_STATUS', '3', '可下载', 'Ready', 3),
        ('ORDER_ITEM_STATUS', '4', '失败', 'Failed', 4),
        ('REQUEST_STATUS', '1', '待审核', 'Pending review', 1),
        ('REQUEST_STATUS', '2', '已通过', 'Approved', 2),
        ('REQUEST_STATUS', '3', '已驳回', 'Rejected', 3),
        ('REQUEST_STATUS', '4', '已撤回', 'Withdrawn', 4)
      ON CONFLICT (code, item_value) DO NOTHING;
    `,
};
