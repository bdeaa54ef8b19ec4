import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0045_coverage_figures',
  sql: `
      -- Precomputed imagery coverage (issue 36.2, docs/adr/0032-coverage-figures.md): per leaf region (a county, or a
      -- unit with no children), UTC month, satellite, resolution class and cloud class, the union of the scenes'
      -- footprints cut to the region's full-resolution boundary, with the scenes and the sums the roll-ups need.
      -- A covered share is a union, so the roll-ups union the stored parts (lib/server/coverage-figures).
      --   res_class   1: <= 1 m, 2: <= 5 m, 3: <= 20 m, 4: coarser (scenes.resolution_m)
      --   cloud_class 0: no cloud figure (radar), k = 1..10: cloud in ((k-1)*10, k*10] (0 % in class 1)
      CREATE TABLE coverage_cells (
        county        text             NOT NULL REFERENCES regions (code) ON DELETE CASCADE,
        month         date             NOT NULL CHECK (extract(day FROM month) = 1),
        satellite     text             NOT NULL,
        res_class     smallint         NOT NULL CHECK (res_class BETWEEN 1 AND 4),
        cloud_class   smallint         NOT NULL CHECK (cloud_class BETWEEN 0 AND 10),
        -- The union of the footprints inside the region, and its geodesic km².
        geom          geometry(MultiPolygon, 4326) NOT NULL,
        covered_km2   double precision NOT NULL CHECK (covered_km2 >= 0),
        -- The scenes with any area inside the region (for distinct counts over several regions).
        scene_ids     text[]           NOT NULL,
        -- Sum over the scenes of the km² of each footprint inside the region, and of that times (1 - cloud/100).
        footprint_km2 double precision NOT NULL CHECK (footprint_km2 >= 0),
        clear_km2     double precision NOT NULL CHECK (clear_km2 >= 0),
        PRIMARY KEY (county, month, satellite, res_class, cloud_class)
      );
      CREATE INDEX coverage_cells_month_idx ON coverage_cells (month, county);

      -- (region, month) keys to recompute: queued by a load's job and by deleted scenes, drained by the job queue.
      CREATE TABLE coverage_pending (
        county   text        NOT NULL,
        month    date        NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (county, month)
      );
      -- Months whose keys are still to be found (a full rebuild, or the scenes that were there before this migration).
      CREATE TABLE coverage_pending_months (
        month date PRIMARY KEY
      );
      INSERT INTO coverage_pending_months (month)
        SELECT DISTINCT date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date FROM scenes;

      -- Deleted scenes (a demo catalogue replaced, an import withdrawn) and changed ones (an import again with another
      -- footprint, time, cloud, satellite or resolution: its load is not the scene's) leave their regions' months to
      -- recompute, old and new. Statement-level with the rows as tables: one insert per statement, by bounding box (a key
      -- queued in excess is recomputed to what it was). New scenes come with a load, whose job queues their keys.
      CREATE FUNCTION coverage_scenes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO coverage_pending (county, month)
            SELECT DISTINCT r.code, date_trunc('month', o.acquired_at AT TIME ZONE 'UTC')::date
              FROM coverage_old_scenes o JOIN regions r ON r.geom_hi && o.footprint
             WHERE r.level <> 'country' AND NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = r.code)
            ORDER BY 1, 2
            ON CONFLICT DO NOTHING;
        ELSE
          INSERT INTO coverage_pending (county, month)
            SELECT DISTINCT r.code, date_trunc('month', x.acquired_at AT TIME ZONE 'UTC')::date
              FROM (SELECT o.acquired_at, o.footprint FROM coverage_old_scenes o JOIN coverage_new_scenes n ON n.id = o.id
                     WHERE (o.acquired_at, o.cloud_pct, o.satellite, o.resolution_m) IS DISTINCT FROM (n.acquired_at, n.cloud_pct, n.satellite, n.resolution_m)
                        OR NOT ST_Equals(o.footprint, n.footprint)
                    UNION ALL
                    SELECT n.acquired_at, n.footprint FROM coverage_old_scenes o JOIN coverage_new_scenes n ON n.id = o.id
                     WHERE (o.acquired_at, o.cloud_pct, o.satellite, o.resolution_m) IS DISTINCT FROM (n.acquired_at, n.cloud_pct, n.satellite, n.resolution_m)
                        OR NOT ST_Equals(o.footprint, n.footprint)) x
              JOIN regions r ON r.geom_hi && x.footprint
             WHERE r.level <> 'country' AND NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = r.code)
            ORDER BY 1, 2
            ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER coverage_scenes_deleted AFTER DELETE ON scenes
        REFERENCING OLD TABLE AS coverage_old_scenes FOR EACH STATEMENT EXECUTE FUNCTION coverage_scenes_changed();
      CREATE TRIGGER coverage_scenes_updated AFTER UPDATE ON scenes
        REFERENCING OLD TABLE AS coverage_old_scenes NEW TABLE AS coverage_new_scenes
        FOR EACH STATEMENT EXECUTE FUNCTION coverage_scenes_changed();
    `,
};
