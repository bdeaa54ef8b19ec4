import 'server-only';
import { WORKFLOW_MIGRATION } from './migrations-pending/workflow';
/**
 * Versioned schema migrations, applied in order at start (and by `npm run db:migrate`). Never edit one
 * that has shipped: add the next. Each runs in one transaction with its bookkeeping row.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_base',
    sql: `
      CREATE EXTENSION IF NOT EXISTS postgis;

      -- Visit counter (spec §7): one row per day and route name; the day is China Standard Time.
      CREATE TABLE visit_daily (
        day        date   NOT NULL,
        name       text   NOT NULL,
        count      bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
        last_label text,
        PRIMARY KEY (day, name)
      );
      CREATE INDEX visit_daily_name_idx ON visit_daily (name);
    `,
  },
  {
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
  },
  {
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
  },
  {
    id: '0004_regions',
    sql: `
      -- China's administrative regions (GB/T 2260 codes), WGS84, at three levels of detail built by
      -- scripts/regions from ../shared/data/boundaries (data/regions/SOURCE.md). level is where the
      -- unit sits in the hierarchy, which the data sometimes places above its code's level.
      CREATE TABLE regions (
        code        text PRIMARY KEY CHECK (code ~ '^[1-9][0-9]{5}$'),
        name_zh     text NOT NULL,
        name_en     text,
        level       text NOT NULL CHECK (level IN ('country', 'province', 'city', 'county')),
        parent_code text REFERENCES regions (code),
        geom_lo     geometry(MultiPolygon, 4326) NOT NULL,
        geom_mid    geometry(MultiPolygon, 4326) NOT NULL,
        geom_hi     geometry(MultiPolygon, 4326) NOT NULL,
        min_lon        double precision NOT NULL,
        min_lat        double precision NOT NULL,
        max_lon        double precision NOT NULL,
        max_lat        double precision NOT NULL,
        label_point geometry(Point, 4326) NOT NULL,
        area_km2    double precision NOT NULL
      );
      CREATE INDEX regions_parent_idx ON regions (parent_code);
      CREATE INDEX regions_level_idx ON regions (level);
      CREATE INDEX regions_geom_lo_gix ON regions USING gist (geom_lo);
      CREATE INDEX regions_geom_mid_gix ON regions USING gist (geom_mid);
      CREATE INDEX regions_geom_hi_gix ON regions USING gist (geom_hi);

      -- Countries of the world (Natural Earth via world-atlas, data/world/SOURCE.md); code is the
      -- ISO 3166-1 numeric code × 1,000,000 (China 156000000), parent 0 the world.
      CREATE TABLE global_regions (
        code        text PRIMARY KEY CHECK (code ~ '^[1-9][0-9]{0,2}000000$'),
        iso_a3      text,
        name_zh     text NOT NULL,
        name_en     text NOT NULL,
        parent_code text NOT NULL DEFAULT '0',
        geom        geometry(MultiPolygon, 4326) NOT NULL,
        min_lon        double precision NOT NULL,
        min_lat        double precision NOT NULL,
        max_lon        double precision NOT NULL,
        max_lat        double precision NOT NULL,
        label_point geometry(Point, 4326) NOT NULL
      );
      CREATE INDEX global_regions_geom_gix ON global_regions USING gist (geom);

      -- Which version (content hash) of each bundled dataset is loaded, so a changed file reloads.
      CREATE TABLE dataset_versions (
        name      text PRIMARY KEY,
        version   text        NOT NULL,
        loaded_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0005_news',
    sql: `
      -- News of spec types 0 notice, 1 trend, 2 GEO dynamic info, 3 cooperation, 4 organization, 5 media.
      -- Bodies are sanitized HTML (lib/server/news/sanitize.ts) when saved and again when rendered.
      CREATE TABLE news (
        id           bigserial   PRIMARY KEY,
        slug         text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        type         smallint    NOT NULL CHECK (type BETWEEN 0 AND 5),
        status       text        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        title_zh     text        NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 200),
        title_en     text        NOT NULL CHECK (length(title_en) BETWEEN 1 AND 300),
        summary_zh   text        NOT NULL DEFAULT '',
        summary_en   text        NOT NULL DEFAULT '',
        body_zh      text        NOT NULL,
        body_en      text        NOT NULL,
        -- Plain text of the bodies, for search.
        text_zh      text        NOT NULL DEFAULT '',
        text_en      text        NOT NULL DEFAULT '',
        source_zh    text,
        source_en    text,
        tags         text[]      NOT NULL DEFAULT '{}',
        highlight    boolean     NOT NULL DEFAULT false,
        demo         boolean     NOT NULL DEFAULT false,
        published_at timestamptz,
        created_by   bigint      REFERENCES users (id),
        updated_by   bigint      REFERENCES users (id),
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        CHECK (status = 'draft' OR published_at IS NOT NULL)
      );
      -- Lists: published items of a type, newest first (id breaks ties so pages never overlap).
      CREATE INDEX news_published_idx ON news (type, published_at DESC, id DESC) WHERE status = 'published';
    `,
  },
  {
    id: '0006_satellites',
    sql: `
      -- The satellite pages (data/satellites/satellites.json, built by scripts/satellites): one row per
      -- page (a mission or constellation), its spacecraft and its sensors. Bilingual texts side by side.
      CREATE TABLE satellites (
        slug           text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]{2,20}$'),
        area           text     NOT NULL CHECK (area IN ('cn', 'global')),
        sort           smallint NOT NULL,
        sat_group      text     NOT NULL CHECK (sat_group IN ('optical', 'hyperspectral', 'radar', 'laser', 'gravity')),
        countries      text[]   NOT NULL CHECK (cardinality(countries) BETWEEN 1 AND 4),
        name_zh        text     NOT NULL,
        name_en        text     NOT NULL,
        short_name     text     NOT NULL,
        agency_zh      text,
        agency_en      text,
        operator_zh    text,
        operator_en    text,
        operator_type  text     NOT NULL CHECK (operator_type IN ('government', 'commercial', 'public-private')),
        -- Null: not published (see data/satellites/SOURCE.md for how it is derived).
        status         text     CHECK (status IN ('operational', 'partly', 'retired')),
        orbit_type     text     NOT NULL CHECK (orbit_type IN ('sso', 'geo', 'inclined', 'polar')),
        altitude_km    double precision CHECK (altitude_km > 0),
        inclination_deg double precision CHECK (inclination_deg BETWEEN 0 AND 180),
        local_time_zh  text,
        local_time_en  text,
        repeat_days    double precision CHECK (repeat_days > 0),
        revisit_zh     text,
        revisit_en     text,
        design_life_zh text,
        design_life_en text,
        fleet_active_count int CHECK (fleet_active_count >= 0),
        fleet_note_zh  text,
        fleet_note_en  text,
        description_zh text     NOT NULL,
        description_en text     NOT NULL,
        -- Typical-image pages only: uses [{zh, en}] and scene products [{sensor, prefix, resolutionM, sceneKm, optical}].
        imagery        jsonb,
        sources        jsonb    NOT NULL,
        tle_snapshot   text     NOT NULL
      );
      CREATE INDEX satellites_area_idx ON satellites (area, sort);

      CREATE TABLE satellite_members (
        satellite_slug text     NOT NULL REFERENCES satellites (slug) ON DELETE CASCADE,
        sort           smallint NOT NULL,
        name           text     NOT NULL,
        name_zh        text,
        norad          int      CHECK (norad > 0),
        cospar         text,
        launch_date    date,
        -- From the launch date, or the COSPAR designator when the date is not recorded.
        launch_year    smallint CHECK (launch_year BETWEEN 1957 AND 2100),
        launch_source  text,
        status         text     NOT NULL CHECK (status IN ('active', 'retired', 'lost', 'unlisted')),
        note_zh        text,
        note_en        text,
        -- Orbit figures computed from a CelesTrak TLE of this epoch (null: no current TLE).
        tle_epoch      timestamptz,
        tle_inclination_deg double precision,
        tle_mean_altitude_km double precision,
        tle_perigee_km double precision,
        tle_apogee_km  double precision,
        PRIMARY KEY (satellite_slug, sort)
      );
      CREATE INDEX satellite_members_year_idx ON satellite_members (launch_year);

      CREATE TABLE satellite_sensors (
        satellite_slug text     NOT NULL REFERENCES satellites (slug) ON DELETE CASCADE,
        sort           smallint NOT NULL,
        code           text     NOT NULL,
        name_zh        text     NOT NULL,
        name_en        text     NOT NULL,
        kind           text     NOT NULL CHECK (kind IN ('pan-multispectral', 'multispectral', 'hyperspectral', 'thermal', 'video',
                                                         'sar', 'lidar', 'ranging', 'atmospheric')),
        bands_zh       text,
        bands_en       text,
        resolution_zh  text,
        resolution_en  text,
        best_resolution_m double precision CHECK (best_resolution_m > 0),
        swath_km       double precision CHECK (swath_km > 0),
        swath_zh       text,
        swath_en       text,
        PRIMARY KEY (satellite_slug, sort)
      );

      -- Typical-image pages: DEMO scene metadata generated deterministically by the seed (no real imagery
      -- of these satellites ships with the portal). region_code names the county at the scene centre.
      CREATE TABLE satellite_sample_scenes (
        scene_id       text     PRIMARY KEY CHECK (length(scene_id) BETWEEN 10 AND 80),
        satellite_slug text     NOT NULL REFERENCES satellites (slug) ON DELETE CASCADE,
        sensor         text     NOT NULL,
        acquired_on    date     NOT NULL,
        region_code    text     NOT NULL CHECK (region_code ~ '^[1-9][0-9]{5}$'),
        cloud_pct      numeric(4, 1) CHECK (cloud_pct BETWEEN 0 AND 100),
        resolution_m   double precision NOT NULL CHECK (resolution_m > 0),
        footprint      geometry(Polygon, 4326) NOT NULL,
        demo           boolean  NOT NULL DEFAULT true CHECK (demo)
      );
      CREATE INDEX satellite_sample_scenes_slug_idx ON satellite_sample_scenes (satellite_slug, acquired_on DESC);
    `,
  },
  {
    id: '0007_share',
    sql: `
      -- Stored files (lib/server/files): the bytes live in the file store (disk or S3) under storage_key;
      -- downloads go through signed, expiring links and are counted here.
      CREATE TABLE files (
        id             bigserial   PRIMARY KEY,
        storage_key    text        NOT NULL CHECK (storage_key ~ '^[a-z0-9]+(/[a-z0-9._-]+)*$' AND length(storage_key) <= 255),
        original_name  text        NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
        mime           text        NOT NULL CHECK (length(mime) BETWEEN 3 AND 127),
        size           bigint      NOT NULL CHECK (size >= 0),
        sha256         text        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        -- Images only: pixel size, for width/height attributes.
        width          int         CHECK (width > 0),
        height         int         CHECK (height > 0),
        created_by     bigint      REFERENCES users (id) ON DELETE SET NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        download_count bigint      NOT NULL DEFAULT 0 CHECK (download_count >= 0)
      );
      CREATE INDEX files_sha256_idx ON files (sha256);

      -- Software pages and the file share (spec §2 "Application extension"). Bodies are sanitized HTML
      -- (lib/server/news/sanitize.ts); papers carry a citation and usually no file.
      CREATE TABLE share_items (
        id              bigserial   PRIMARY KEY,
        category        text        NOT NULL CHECK (category IN ('software', 'application', 'course', 'paper')),
        slug            text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
        title_zh        text        NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 200),
        title_en        text        NOT NULL CHECK (length(title_en) BETWEEN 1 AND 300),
        summary_zh      text        NOT NULL DEFAULT '',
        summary_en      text        NOT NULL DEFAULT '',
        body_zh         text        NOT NULL DEFAULT '',
        body_en         text        NOT NULL DEFAULT '',
        requirements_zh text        NOT NULL DEFAULT '',
        requirements_en text        NOT NULL DEFAULT '',
        -- [{version, date, zh, en}], newest first.
        changelog       jsonb       NOT NULL DEFAULT '[]'::jsonb,
        -- [{fileId, zh, en}]: captions of screenshots kept as files.
        screenshots     jsonb       NOT NULL DEFAULT '[]'::jsonb,
        -- [{title, url}]: where the facts on the page come from.
        sources         jsonb       NOT NULL DEFAULT '[]'::jsonb,
        -- Papers: {authors, venue, year, doi}.
        citation        jsonb,
        version         text        CHECK (length(version) <= 40),
        published_on    date        NOT NULL,
        file_id         bigint      REFERENCES files (id) ON DELETE SET NULL,
        login_required  boolean     NOT NULL DEFAULT false,
        demo            boolean     NOT NULL DEFAULT false,
        sort            int         NOT NULL DEFAULT 0,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX share_items_list_idx ON share_items (category, sort, published_on DESC, id DESC);

      -- News covers: an image file and its alternative text in both languages.
      ALTER TABLE news ADD COLUMN cover_file_id bigint REFERENCES files (id) ON DELETE SET NULL;
      ALTER TABLE news ADD COLUMN cover_alt_zh text CHECK (length(cover_alt_zh) <= 200);
      ALTER TABLE news ADD COLUMN cover_alt_en text CHECK (length(cover_alt_en) <= 300);
    `,
  },
  {
    id: '0008_about',
    sql: `
      -- Feedback (spec §6 MOD_054, §7 /api/feedback/v1): what signed-in users send, and our replies.
      -- Rate limits count these rows (per user and per hashed address), so the table is also the log.
      CREATE TABLE feedback (
        id         bigserial   PRIMARY KEY,
        user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        category   text        NOT NULL CHECK (category IN ('account', 'data', 'map', 'order', 'bug', 'suggestion', 'other')),
        title      text        NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
        content    text        NOT NULL CHECK (length(content) BETWEEN 10 AND 2000),
        contact    text        CHECK (length(contact) BETWEEN 1 AND 100),
        locale     text        NOT NULL DEFAULT 'zh' CHECK (locale IN ('zh', 'en')),
        status     text        NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'replied')),
        reply      text        CHECK (length(reply) BETWEEN 1 AND 4000),
        replied_at timestamptz,
        replied_by bigint      REFERENCES users (id) ON DELETE SET NULL,
        -- HMAC of the sender's address under a server secret: enough to rate-limit, useless to read back.
        ip_hash    text        NOT NULL,
        demo       boolean     NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'replied') = (reply IS NOT NULL AND replied_at IS NOT NULL))
      );
      CREATE INDEX feedback_user_idx ON feedback (user_id, created_at DESC, id DESC);
      CREATE INDEX feedback_ip_idx ON feedback (ip_hash, created_at DESC);

      -- Provincial nodes (data/nodes/nodes.json): one per province. The key is deferred so the regions
      -- seed can replace the regions table inside one transaction.
      CREATE TABLE provincial_nodes (
        id            bigserial PRIMARY KEY,
        province_code text      NOT NULL UNIQUE REFERENCES regions (code) DEFERRABLE INITIALLY DEFERRED
                                CHECK (province_code ~ '^[1-8][0-9]0000$'),
        name_zh       text      NOT NULL,
        name_en       text      NOT NULL,
        host_zh       text      NOT NULL,
        host_en       text      NOT NULL,
        address_zh    text      NOT NULL,
        address_en    text      NOT NULL,
        phone         text      NOT NULL,
        email         text      NOT NULL,
        website       text,
        hours_zh      text      NOT NULL,
        hours_en      text      NOT NULL,
        demo          boolean   NOT NULL DEFAULT true,
        updated_at    timestamptz NOT NULL DEFAULT now()
      );

      -- FAQ (data/faq/faq.json): plain-text answers in both languages.
      CREATE TABLE faq (
        id          bigserial   PRIMARY KEY,
        slug        text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        category    text        NOT NULL CHECK (category IN ('account', 'area', 'imagery', 'mapServices', 'monitoring', 'satellites', 'downloads', 'data')),
        question_zh text        NOT NULL CHECK (length(question_zh) BETWEEN 1 AND 200),
        question_en text        NOT NULL CHECK (length(question_en) BETWEEN 1 AND 300),
        answer_zh   text        NOT NULL CHECK (length(answer_zh) BETWEEN 1 AND 4000),
        answer_en   text        NOT NULL CHECK (length(answer_en) BETWEEN 1 AND 8000),
        sort        int         NOT NULL DEFAULT 0,
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX faq_order_idx ON faq (sort, id);
    `,
  },
  {
    id: '0009_spots',
    sql: `
      -- Monitoring spots (spec §3, §7 /api/spot/v2): quarterly batches per theme and the change spots
      -- found in them. Region limits match spots by the county code xzqdm (LIKE prefix), so the code
      -- gets a pattern index. area_m2 is computed from the geometry on the ellipsoid when stored.
      CREATE TABLE spot_batches (
        id           bigserial   PRIMARY KEY,
        theme        text        NOT NULL CHECK (theme ~ '^[a-z][a-z0-9_]{1,30}$'),
        quarter      text        NOT NULL CHECK (quarter ~ '^[0-9]{4}Q[1-4]$'),
        type_name_zh text        NOT NULL CHECK (length(type_name_zh) BETWEEN 1 AND 100),
        type_name_en text        NOT NULL CHECK (length(type_name_en) BETWEEN 1 AND 100),
        period_start date        NOT NULL,
        period_end   date        NOT NULL CHECK (period_end >= period_start),
        status       text        NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'published')),
        is_current   boolean     NOT NULL DEFAULT false,
        demo         boolean     NOT NULL DEFAULT false,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        UNIQUE (theme, quarter)
      );
      -- At most one current batch (currentQuarter) per theme.
      CREATE UNIQUE INDEX spot_batches_current_idx ON spot_batches (theme) WHERE is_current;

      CREATE TABLE spots (
        id           bigserial   PRIMARY KEY,
        theme        text        NOT NULL,
        batch_id     bigint      NOT NULL REFERENCES spot_batches (id) ON DELETE CASCADE,
        xzqdm        text        NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        stage        text        NOT NULL CHECK (stage ~ '^[A-Za-z0-9_]{1,20}$'),
        tblx         text        NOT NULL CHECK (tblx ~ '^[A-Za-z0-9_]{1,20}$'),
        filename     text        NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
        area_m2      double precision NOT NULL CHECK (area_m2 >= 0),
        change_type  smallint    NOT NULL CHECK (change_type BETWEEN 0 AND 3),
        landuse_type text        CHECK (landuse_type ~ '^[A-Za-z0-9_]{1,20}$'),
        geom         geometry(MultiPolygon, 4326) NOT NULL,
        -- A point inside the spot: its location in lists and the cell it counts in on grids.
        center       geometry(Point, 4326) NOT NULL,
        detected_on  date        NOT NULL,
        demo         boolean     NOT NULL DEFAULT false,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX spots_geom_gix ON spots USING gist (geom);
      CREATE INDEX spots_theme_batch_idx ON spots (theme, batch_id, xzqdm);
      CREATE INDEX spots_xzqdm_idx ON spots (xzqdm text_pattern_ops);
      CREATE INDEX spots_list_idx ON spots (theme, detected_on DESC, id DESC);

      -- Dictionaries (spec §7 /api/system/v1/dic/code/{CODE}/item/s): stage, spot type, change type, …
      CREATE TABLE dictionary_items (
        code       text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9_]{1,49}$'),
        item_value text NOT NULL CHECK (length(item_value) BETWEEN 1 AND 50),
        name_zh    text NOT NULL,
        name_en    text NOT NULL,
        sort       int  NOT NULL DEFAULT 0,
        PRIMARY KEY (code, item_value)
      );
    `,
  },
  {
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
  },
  {
    id: '0011_web_mercator_tile',
    sql: `
      -- The one Web-Mercator tile rule (x from the longitude, y from the latitude, for a zoom with n = 2^zoom
      -- tiles a side), used by the grid statistics, the grid map layer and the bench. Inlined by the planner.
      CREATE FUNCTION web_mercator_tile_x(lon float8, n float8) RETURNS int
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT floor((lon + 180) / 360 * n)::int $$;
      CREATE FUNCTION web_mercator_tile_y(lat float8, n float8) RETURNS int
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT floor((1 - ln(tan(radians(lat)) + 1 / cos(radians(lat))) / pi()) / 2 * n)::int $$;
    `,
  },
  {
    id: '0012_login_attempts_by_address',
    sql: `
      -- The login lock-out also counts one address's failures over all accounts (password spraying).
      CREATE INDEX login_attempts_address_idx ON login_attempts (ip, created_at DESC) WHERE NOT success;
      -- Captchas are bounded by age (oldest go first beyond a ceiling) and cleaned by expiry.
      CREATE INDEX captchas_expires_idx ON captchas (expires_at);
    `,
  },
  {
    id: '0013_news_one_language',
    sql: `
      -- A news item may be written in one language only (a Chinese-only notice is normal for a Chinese portal):
      -- either title may be empty, not both (lib/shared/contracts/news.ts missingNewsFields says the rest).
      ALTER TABLE news DROP CONSTRAINT news_title_zh_check, DROP CONSTRAINT news_title_en_check;
      ALTER TABLE news ADD CONSTRAINT news_titles_check
        CHECK (length(title_zh) <= 200 AND length(title_en) <= 300 AND (title_zh <> '' OR title_en <> ''));
    `,
  },
  {
    id: '0014_catalogue',
    sql: `
      -- The imagery catalogue (docs/adr/0010-catalogue-indexes.md): one row per scene, read by the portal's
      -- search (/api/normal/v5), the STAC API (/api/stac/v1) and the map's footprint layers through one query
      -- builder (lib/server/catalogue/query.ts). Demo scenes are generated from real orbits; imported ones
      -- come from STAC items (npm run catalogue:import) and keep their extra fields in properties.
      CREATE TABLE scenes (
        id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$'),
        file_name     text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        collection    text NOT NULL CHECK (collection ~ '^[a-z0-9][a-z0-9._-]{0,63}$'),
        satellite     text NOT NULL CHECK (length(satellite) BETWEEN 1 AND 64),
        sensor        text NOT NULL CHECK (length(sensor) BETWEEN 1 AND 64),
        platform      text NOT NULL CHECK (length(platform) BETWEEN 1 AND 64),
        product_level text NOT NULL CHECK (length(product_level) BETWEEN 1 AND 32),
        resolution_m  real NOT NULL CHECK (resolution_m > 0),
        acquired_at   timestamptz NOT NULL,
        cloud_pct     real CHECK (cloud_pct BETWEEN 0 AND 100),
        orbit_number  integer CHECK (orbit_number >= 0),
        path          integer CHECK (path >= 0),
        "row"         integer CHECK ("row" >= 0),
        footprint     geometry(Geometry, 4326) NOT NULL
                      CHECK (ST_GeometryType(footprint) IN ('ST_Polygon', 'ST_MultiPolygon') AND ST_IsValid(footprint)),
        centre        geometry(Point, 4326) NOT NULL,
        area_km2      double precision NOT NULL CHECK (area_km2 >= 0),
        sun_elevation real CHECK (sun_elevation BETWEEN -90 AND 90),
        sun_azimuth   real CHECK (sun_azimuth BETWEEN 0 AND 360),
        off_nadir     real CHECK (off_nadir BETWEEN 0 AND 90),
        size_mb       real CHECK (size_mb >= 0),
        online        boolean NOT NULL DEFAULT true,
        quicklook_url text CHECK (quicklook_url ~ '^https?://'),
        source        text NOT NULL CHECK (source IN ('demo', 'imported')),
        properties    jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX scenes_footprint_gix ON scenes USING gist (footprint);
      CREATE INDEX scenes_time_idx ON scenes (acquired_at DESC, id DESC);
      CREATE INDEX scenes_collection_time_idx ON scenes (collection, acquired_at DESC, id DESC);
      CREATE INDEX scenes_satellite_sensor_idx ON scenes (satellite, sensor);
      CREATE INDEX scenes_cloud_idx ON scenes (cloud_pct, id);
      CREATE UNIQUE INDEX scenes_file_name_idx ON scenes (file_name);
    `,
  },
  {
    id: '0015_catalogue_indexes',
    sql: `
      -- docs/adr/0010-catalogue-indexes.md: the time index carries the footprint, so that counting a
      -- period over a large area (a month over the whole country) is an index-only scan testing each
      -- footprint in the index instead of a bitmap AND with the footprint GiST index that selects nearly
      -- every row (1.3 s → 0.1 s at 1 M scenes). Same key as before, so pages sorted by time are unchanged.
      CREATE INDEX scenes_time_footprint_idx ON scenes (acquired_at DESC, id DESC) INCLUDE (footprint);
      DROP INDEX scenes_time_idx;
    `,
  },
  {
    id: '0016_catalogue_uploads',
    sql: `
      -- Uploads of the image query (spec §4 modes SHP 3 and FILE 5): an area (shapefile, GeoJSON, KML/KMZ,
      -- dissolved into one multipolygon) or a scene list (file names FLIE_NAMES 1, orbit/path/row OPR 2,
      -- path/row PR 3), one line per entry. The unguessable id is the key a browser session holds; a row
      -- lives until expires_at (CATALOGUE_LIMITS.uploadTtlHours) and is purged by later uploads.
      CREATE TABLE catalogue_uploads (
        id          uuid PRIMARY KEY,
        kind        text NOT NULL CHECK (kind IN ('area', 'scenes')),
        name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        user_id     bigint REFERENCES users (id) ON DELETE CASCADE,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL,
        geom        geometry(MultiPolygon, 4326) CHECK (geom IS NULL OR ST_IsValid(geom)),
        area_km2    double precision CHECK (area_km2 >= 0),
        list_type   smallint CHECK (list_type IN (1, 2, 3)),
        details     jsonb NOT NULL DEFAULT '{}'::jsonb,
        CHECK ((kind = 'area') = (geom IS NOT NULL)),
        CHECK ((kind = 'scenes') = (list_type IS NOT NULL))
      );
      CREATE INDEX catalogue_uploads_expires_idx ON catalogue_uploads (expires_at);
      CREATE TABLE catalogue_upload_lines (
        upload_id   uuid NOT NULL REFERENCES catalogue_uploads (id) ON DELETE CASCADE,
        line_no     integer NOT NULL CHECK (line_no >= 1),
        text        text NOT NULL CHECK (length(text) <= 1000),
        file_name   text CHECK (length(file_name) BETWEEN 1 AND 255),
        orbit       integer CHECK (orbit >= 0),
        path        integer CHECK (path >= 0),
        "row"       integer CHECK ("row" >= 0),
        PRIMARY KEY (upload_id, line_no)
      );
      -- Scene lists by path/row (and orbit) find their scenes through this index.
      CREATE INDEX scenes_path_row_idx ON scenes (path, "row", orbit_number);
    `,
  },
  {
    id: '0017_region_cores',
    sql: `
      -- docs/adr/0010-catalogue-indexes.md: a two-stage region test for the image query. core lies inside
      -- the region's full boundary (geom_hi) and hull around it, both checked when built (ST_CoveredBy /
      -- ST_Covers) and a few hundred vertices each: a footprint meeting the core is in the region, one
      -- missing the hull is not, and only the rest is tested against geom_hi. Built by the regions seed
      -- (lib/server/regions/cores.ts) for the large regions only; NULL where a check failed. Rows go with
      -- their region when the regions are reloaded.
      CREATE TABLE region_cores (
        code text PRIMARY KEY REFERENCES regions (code) ON DELETE CASCADE,
        core geometry(MultiPolygon, 4326),
        hull geometry(MultiPolygon, 4326)
      );
    `,
  },
  {
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
  },
  {
    id: '0019_upload_cores',
    sql: `
      -- The two-stage test of the region search (0017_region_cores) for uploaded areas: an area of up to
      -- 100,000 vertices tested exactly against every footprint near it took 9-12 s at 1 M scenes (a
      -- ~1.3 ms overlay per footprint); with a verified core and hull only the footprints that graze its
      -- border are tested exactly. NULL: not built (small areas, old uploads, a failed check).
      -- geom_mid: a lighter copy (from 5,000 vertices up) for the share of the area each listed scene
      -- covers, as regions have theirs; never for membership or the coverage analysis' figures.
      ALTER TABLE catalogue_uploads
        ADD COLUMN core geometry(MultiPolygon, 4326),
        ADD COLUMN hull geometry(MultiPolygon, 4326),
        ADD COLUMN geom_mid geometry(MultiPolygon, 4326);
    `,
  },
  {
    id: '0020_theme_features',
    sql: `
      -- The declared monitoring themes (ADR 0014) keep their features in the spots table: wind turbines and
      -- steel plants are points, roads are lines, farms, PV plants and plant sites polygons. Change types
      -- belong to land cover only (NULL elsewhere; the theme declaration validates the values). Lengths
      -- (m) and capacities (MW or Mt/a, per theme) are measured or recorded when stored; names label a
      -- farm, plant or road in lists.
      ALTER TABLE spots ALTER COLUMN geom TYPE geometry(Geometry, 4326);
      ALTER TABLE spots ADD CONSTRAINT spots_geom_kind CHECK (GeometryType(geom) IN ('MULTIPOLYGON', 'POINT', 'MULTILINESTRING'));
      ALTER TABLE spots DROP CONSTRAINT spots_change_type_check;
      ALTER TABLE spots ALTER COLUMN change_type DROP NOT NULL;
      ALTER TABLE spots ADD CONSTRAINT spots_change_type_check CHECK (change_type BETWEEN 0 AND 9);
      ALTER TABLE spots
        ADD COLUMN length_m double precision CHECK (length_m >= 0),
        ADD COLUMN capacity double precision CHECK (capacity >= 0),
        ADD COLUMN name_zh text CHECK (length(name_zh) BETWEEN 1 AND 100),
        ADD COLUMN name_en text CHECK (length(name_en) BETWEEN 1 AND 100);

      -- Suitability zones of a theme (layers windmill_adaptive_zone, pvland_adaptive_zone): classes of the
      -- theme's zone dictionary, cut per county so region filters work as on the features.
      CREATE TABLE theme_zones (
        id         bigserial PRIMARY KEY,
        theme      text      NOT NULL CHECK (theme ~ '^[a-z][a-z0-9_]{1,30}$'),
        zone_class text      NOT NULL CHECK (zone_class ~ '^[A-Za-z0-9_]{1,20}$'),
        xzqdm      text      NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        area_m2    double precision NOT NULL CHECK (area_m2 >= 0),
        geom       geometry(MultiPolygon, 4326) NOT NULL,
        demo       boolean   NOT NULL DEFAULT false
      );
      CREATE INDEX theme_zones_geom_gix ON theme_zones USING gist (geom);
      CREATE INDEX theme_zones_theme_idx ON theme_zones (theme, xzqdm);
    `,
  },
  {
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
  },
  {
    id: '0022_feature_keys',
    sql: `
      -- A facility listed in every snapshot batch (a turbine, a plant) carries one key across them, so its first
      -- batch (a turbine's commissioning batch) is read from the rows instead of guessed from names.
      ALTER TABLE spots ADD COLUMN feature_key text CHECK (length(feature_key) BETWEEN 1 AND 64);
      CREATE INDEX spots_feature_key_idx ON spots (theme, feature_key) WHERE feature_key IS NOT NULL;
    `,
  },
  {
    id: '0024_planting_structure',
    sql: `
      -- Planting structure (issue 21): the sown area of each crop per county, harvest season and crop year. A
      -- year is a batch of the theme (spot_batches), whose crop parcels of sample areas are spots rows; the
      -- crop and season codes are the theme declaration's (validated there), stored as the spots codes are.
      CREATE TABLE planting_structure (
        batch_id bigint           NOT NULL REFERENCES spot_batches (id) ON DELETE CASCADE,
        xzqdm    text             NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        season   text             NOT NULL CHECK (season ~ '^[A-Za-z0-9_]{1,20}$'),
        crop     text             NOT NULL CHECK (crop ~ '^[A-Za-z0-9_]{1,20}$'),
        area_ha  double precision NOT NULL CHECK (area_ha >= 0),
        demo     boolean          NOT NULL DEFAULT false,
        PRIMARY KEY (batch_id, xzqdm, season, crop)
      );
    `,
  },
  {
    id: '0025_surface_deformation',
    sql: `
      -- Surface deformation (ADR 0015). InSAR products: one stack of one mission, pass, track and frame over a
      -- date range, searched by footprint (the image query's area code), dates, mission and pass, and named
      -- whole by uploaded file-name lists.
      CREATE TABLE deform_products (
        id          text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'),
        file_name   text NOT NULL UNIQUE CHECK (length(file_name) BETWEEN 1 AND 255),
        mission     text NOT NULL CHECK (mission ~ '^[A-Za-z0-9_]{1,20}$'),
        satellite   text NOT NULL CHECK (length(satellite) BETWEEN 1 AND 40),
        pass        text NOT NULL CHECK (pass IN ('ASC', 'DESC')),
        track       smallint NOT NULL CHECK (track BETWEEN 1 AND 999),
        frame       smallint NOT NULL CHECK (frame BETWEEN 1 AND 9999),
        date_start  date NOT NULL,
        date_end    date NOT NULL CHECK (date_end >= date_start),
        epochs      smallint NOT NULL CHECK (epochs BETWEEN 2 AND 2000),
        footprint   geometry(Polygon, 4326) NOT NULL CHECK (ST_IsValid(footprint)),
        area_km2    double precision NOT NULL CHECK (area_km2 >= 0),
        size_mb     double precision NOT NULL CHECK (size_mb >= 0),
        demo        boolean NOT NULL DEFAULT false
      );
      CREATE INDEX deform_products_footprint_gix ON deform_products USING gist (footprint);
      CREATE INDEX deform_products_dates_idx ON deform_products (date_end, date_start);

      -- The rate grid: one row per Web-Mercator level-14 tile (x, y) with data (≈ 1.9 km at 40° N; the theme's
      -- rateGrid.cellLevel), its mean velocity (mm/a, negative = subsidence), coherence, the county it lies in
      -- (area ranges and region filters), and the displacement series (mm, relative to the first epoch) at
      -- t0 + i·step_days. The series is bounded (≤ 400 epochs) and read one cell at a time.
      CREATE TABLE deform_cells (
        x           integer NOT NULL CHECK (x >= 0),
        y           integer NOT NULL CHECK (y >= 0),
        xzqdm       text NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        rate        real NOT NULL CHECK (rate BETWEEN -500 AND 500),
        coherence   real NOT NULL CHECK (coherence BETWEEN 0 AND 1),
        t0          date NOT NULL,
        step_days   smallint NOT NULL CHECK (step_days BETWEEN 1 AND 366),
        series      real[] NOT NULL CHECK (cardinality(series) BETWEEN 2 AND 400),
        geom        geometry(Polygon, 4326) NOT NULL,
        demo        boolean NOT NULL DEFAULT false,
        PRIMARY KEY (x, y)
      );
      CREATE INDEX deform_cells_geom_gix ON deform_cells USING gist (geom);
      CREATE INDEX deform_cells_xzqdm_idx ON deform_cells (xzqdm text_pattern_ops);
    `,
  },
  {
    id: '0026_orbit_elements',
    sql: `
      -- Orbital prediction (issue 22): sets of two-line elements — the set shipped with the portal (CelesTrak's
      -- "active" group) and the ones administrators upload — each with its source and epoch span; exactly one
      -- set is current. Elements are kept as the checked lines, with their epoch for age warnings.
      CREATE TABLE tle_sets (
        id          bigserial   PRIMARY KEY,
        source      text        NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
        uploaded_by bigint      REFERENCES users (id) ON DELETE SET NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        epoch_min   timestamptz NOT NULL,
        epoch_max   timestamptz NOT NULL CHECK (epoch_max >= epoch_min),
        satellites  integer     NOT NULL CHECK (satellites BETWEEN 1 AND 20000),
        current     boolean     NOT NULL DEFAULT false
      );
      CREATE UNIQUE INDEX tle_sets_one_current ON tle_sets (current) WHERE current;
      CREATE TABLE orbit_elements (
        set_id  bigint      NOT NULL REFERENCES tle_sets (id) ON DELETE CASCADE,
        norad   integer     NOT NULL CHECK (norad BETWEEN 1 AND 999999),
        name    text        NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        epoch   timestamptz NOT NULL,
        line1   text        NOT NULL CHECK (length(line1) = 69 AND left(line1, 2) = '1 '),
        line2   text        NOT NULL CHECK (length(line2) = 69 AND left(line2, 2) = '2 '),
        PRIMARY KEY (set_id, norad)
      );
    `,
  },
  {
    id: '0027_sensor_off_nadir',
    sql: `
      -- Orbital prediction (issue 22): a sensor's largest off-nadir (side-looking, roll) angle from the satellite
      -- data, degrees; 0 for a sensor that only looks straight down, NULL where no source publishes it (side-looking
      -- predictions then keep that sensor to its nadir swath).
      ALTER TABLE satellite_sensors ADD COLUMN max_off_nadir_deg double precision CHECK (max_off_nadir_deg BETWEEN 0 AND 60);
    `,
  },
  WORKFLOW_MIGRATION,
];
