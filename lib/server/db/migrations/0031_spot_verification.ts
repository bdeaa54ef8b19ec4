import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0031_spot_verification',
  sql: `
      -- Spot verification (issue 33; spec §2 /verify/lawenforceinspect, layer tb_spot_bjhs_meta, API families
      -- /api/push-spot-bjhs/v3 and /api/process-spot-bjhs/v1/process): a province's change spots of a quarter are
      -- pushed in a batch, with a due date per stage; each spot is a case moved by the workflow engine
      -- (machine 'verification', lib/shared/workflow/machines/verification.ts), its history in workflow_history.
      CREATE TABLE verification_batches (
        id            bigserial   PRIMARY KEY,
        quarter       text        NOT NULL CHECK (quarter ~ '^[0-9]{4}Q[1-4]$'),
        province_code text        NOT NULL CHECK (province_code ~ '^[1-9][0-9]0000$'),
        name_zh       text        NOT NULL CHECK (length(name_zh) BETWEEN 1 AND 100),
        name_en       text        NOT NULL CHECK (length(name_en) BETWEEN 1 AND 100),
        pushed_on     date        NOT NULL,
        -- Due dates per stage: the county's check, the city's review, the province's confirmation.
        check_due     date        NOT NULL CHECK (check_due >= pushed_on),
        review_due    date        NOT NULL CHECK (review_due >= check_due),
        confirm_due   date        NOT NULL CHECK (confirm_due >= review_due),
        -- Days a confirmed illegal case has to be rectified, from its order.
        rectify_days  int         NOT NULL DEFAULT 90 CHECK (rectify_days BETWEEN 1 AND 3650),
        demo          boolean     NOT NULL DEFAULT false,
        created_at    timestamptz NOT NULL DEFAULT now(),
        UNIQUE (quarter, province_code)
      );

      CREATE TABLE verification_cases (
        id                bigserial   PRIMARY KEY,
        batch_id          bigint      NOT NULL REFERENCES verification_batches (id) ON DELETE CASCADE,
        spot_no           text        NOT NULL CHECK (spot_no ~ '^[A-Za-z0-9_-]{1,40}$'),
        -- The county that owns the spot: region limits match it by prefix (as spots.xzqdm).
        xzqdm             text        NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        source            text        NOT NULL CHECK (source IN ('auto', 'key_change')),
        -- The monitor's change spot it was pushed from (the same polygon), while that exists.
        theme_spot_id     bigint      REFERENCES spots (id) ON DELETE SET NULL,
        change_type       text        NOT NULL CHECK (change_type ~ '^[A-Za-z0-9_]{1,20}$'),
        geom              geometry(MultiPolygon, 4326) NOT NULL,
        center            geometry(Point, 4326) NOT NULL,
        area_m2           double precision NOT NULL CHECK (area_m2 >= 0),
        -- Overlap with the land classes that make a case serious (m²; from the overlay at push time).
        farmland_m2       double precision NOT NULL DEFAULT 0 CHECK (farmland_m2 >= 0),
        basic_farmland_m2 double precision NOT NULL DEFAULT 0 CHECK (basic_farmland_m2 >= 0),
        eco_redline_m2    double precision NOT NULL DEFAULT 0 CHECK (eco_redline_m2 >= 0),
        -- The images the change was seen on.
        before_scene_id   text        REFERENCES scenes (id) ON DELETE SET NULL,
        before_date       date,
        after_scene_id    text        REFERENCES scenes (id) ON DELETE SET NULL,
        after_date        date,
        status            text        NOT NULL DEFAULT 'pushed',
        -- The checker's form.
        verdict           text        CHECK (verdict IN ('legal', 'illegal_new', 'illegal_old', 'other', 'rural_road', 'facility_farmland')),
        reason_code       text        CHECK (reason_code ~ '^[A-Za-z0-9_]{1,20}$'),
        approval_no       text        CHECK (length(approval_no) BETWEEN 1 AND 100),
        builder           text        CHECK (length(builder) BETWEEN 1 AND 200),
        build_date        date,
        remarks           text        CHECK (length(remarks) <= 2000),
        -- When the current stage is due (from the batch; the rectification's from its order).
        stage_due         date,
        -- Raised on every change: a form loaded at version n saves only while the case is still at n (409 otherwise).
        version           int         NOT NULL DEFAULT 1 CHECK (version >= 1),
        demo              boolean     NOT NULL DEFAULT false,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        UNIQUE (batch_id, spot_no),
        CHECK (status IN ('pushed', 'checking', 'submitted', 'returned', 'passed', 'confirmed', 'objected', 'ordered',
                          'rectifying', 'rectified', 'closed'))
      );
      CREATE INDEX verification_cases_geom_gix ON verification_cases USING gist (geom);
      CREATE INDEX verification_cases_xzqdm_idx ON verification_cases (xzqdm text_pattern_ops);
      CREATE INDEX verification_cases_batch_idx ON verification_cases (batch_id, status, xzqdm);
      CREATE INDEX verification_cases_due_idx ON verification_cases (stage_due) WHERE status NOT IN ('closed');
      CREATE TRIGGER verification_cases_forget_history AFTER DELETE ON verification_cases
        FOR EACH ROW EXECUTE FUNCTION workflow_history_forget('verification');

      -- Who verifies where: a user's verification roles, each for a region (a county, city or province code;
      -- the role reaches every spot whose county code starts with the region's prefix).
      CREATE TABLE user_verification_roles (
        user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role        text   NOT NULL CHECK (role IN ('checker', 'reviewer', 'confirmer')),
        region_code text   NOT NULL CHECK (region_code ~ '^[1-9][0-9]{5}$'),
        PRIMARY KEY (user_id, role, region_code)
      );

      -- The history records the verification roles too.
      ALTER TABLE workflow_history DROP CONSTRAINT workflow_history_actor_role_check;
      ALTER TABLE workflow_history ADD CONSTRAINT workflow_history_actor_role_check
        CHECK (actor_role IN ('owner', 'admin', 'system', 'checker', 'reviewer', 'confirmer'));

      INSERT INTO dictionary_items (code, item_value, name_zh, name_en, sort) VALUES
        ('VERIFY_STAGE', 'pushed', '已下发', 'Pushed', 1),
        ('VERIFY_STAGE', 'checking', '核查中', 'Being checked', 2),
        ('VERIFY_STAGE', 'submitted', '已提交', 'Submitted', 3),
        ('VERIFY_STAGE', 'returned', '已退回', 'Returned', 4),
        ('VERIFY_STAGE', 'passed', '市级已审核', 'Passed by the city', 5),
        ('VERIFY_STAGE', 'confirmed', '省级已确认', 'Confirmed by the province', 6),
        ('VERIFY_STAGE', 'objected', '异议中', 'Objection raised', 7),
        ('VERIFY_STAGE', 'ordered', '已责令整改', 'Rectification ordered', 8),
        ('VERIFY_STAGE', 'rectifying', '整改中', 'Being rectified', 9),
        ('VERIFY_STAGE', 'rectified', '已整改', 'Rectified', 10),
        ('VERIFY_STAGE', 'closed', '已办结', 'Closed', 11),
        ('VERIFY_VERDICT', 'legal', '合法', 'Legal', 1),
        ('VERIFY_VERDICT', 'illegal_new', '新增违法', 'Illegal (new)', 2),
        ('VERIFY_VERDICT', 'illegal_old', '历史违法', 'Illegal (old)', 3),
        ('VERIFY_VERDICT', 'other', '其他', 'Other', 4),
        ('VERIFY_VERDICT', 'rural_road', '农村道路', 'Rural road', 5),
        ('VERIFY_VERDICT', 'facility_farmland', '设施农用地', 'Facility farmland', 6),
        ('VERIFY_REASON', 'approved_use', '已批准用地', 'Land use approved', 1),
        ('VERIFY_REASON', 'provincial_key', '省级重点项目', 'Provincial key project', 2),
        ('VERIFY_REASON', 'temporary_use', '临时用地', 'Temporary land use', 3),
        ('VERIFY_REASON', 'land_consolidation', '土地整治', 'Land consolidation', 4),
        ('VERIFY_REASON', 'disaster_recovery', '灾后重建', 'Disaster recovery', 5),
        ('VERIFY_REASON', 'false_change', '伪变化', 'False change (no real change)', 6),
        ('VERIFY_REASON', 'seasonal', '季节性变化', 'Seasonal change', 7),
        ('VERIFY_REASON', 'other', '其他原因', 'Other reason', 8);
    `,
};
