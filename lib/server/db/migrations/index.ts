import 'server-only';
/**
 * Versioned schema migrations, one file each (`NNNN_name.ts`), applied in order at start (and by
 * `npm run db:migrate`). Never edit one that has shipped: add the next file and list it here — a test fails
 * when a file of this folder is not listed, is listed out of order, or its id is not its file name.
 */
import { migration as m0001 } from './0001_base';
import { migration as m0002 } from './0002_accounts';
import { migration as m0003 } from './0003_verification';
import { migration as m0004 } from './0004_regions';
import { migration as m0005 } from './0005_news';
import { migration as m0006 } from './0006_satellites';
import { migration as m0007 } from './0007_share';
import { migration as m0008 } from './0008_about';
import { migration as m0009 } from './0009_spots';
import { migration as m0010 } from './0010_feedback_admin';
import { migration as m0011 } from './0011_web_mercator_tile';
import { migration as m0012 } from './0012_login_attempts_by_address';
import { migration as m0013 } from './0013_news_one_language';
import { migration as m0014 } from './0014_catalogue';
import { migration as m0015 } from './0015_catalogue_indexes';
import { migration as m0016 } from './0016_catalogue_uploads';
import { migration as m0017 } from './0017_region_cores';
import { migration as m0018 } from './0018_orders';
import { migration as m0019 } from './0019_upload_cores';
import { migration as m0020 } from './0020_theme_features';
import { migration as m0021 } from './0021_request_regions_expired_packages';
import { migration as m0022 } from './0022_feature_keys';
import { migration as m0024 } from './0024_planting_structure';
import { migration as m0025 } from './0025_surface_deformation';
import { migration as m0026 } from './0026_orbit_elements';
import { migration as m0027 } from './0027_sensor_off_nadir';
import { migration as m0028 } from './0028_workflow_history';
import { migration as m0029 } from './0029_sensor_modes';
import { migration as m0030 } from './0030_workflow_history_chain';
import { migration as m0031 } from './0031_spot_verification';
import { migration as m0032 } from './0032_verification_timing';
import { migration as m0033 } from './0033_file_variants';
import { migration as m0034 } from './0034_verification_exports';
import { migration as m0035 } from './0035_verification_county_versions';
import { migration as m0036 } from './0036_verification_photos';
import { migration as m0037 } from './0037_history_evidence';
import { migration as m0038 } from './0038_push';
import { migration as m0039 } from './0039_subscriptions';
import { migration as m0040 } from './0040_push_delivery';
import { migration as m0041 } from './0041_spot_push_batches';
import { migration as m0042 } from './0042_push_manifests';
import { migration as m0043 } from './0043_scene_reference_indexes';
import { migration as m0044 } from './0044_theme_subscriptions';
import { migration as m0045 } from './0045_coverage_figures';
import { migration as m0046 } from './0046_coverage_queue_order';
import { migration as m0047 } from './0047_scene_imagery';
import { migration as m0048 } from './0048_shared_limits';
import { migration as m0049 } from './0049_coverage_regions_reload';
import { migration as m0050 } from './0050_coverage_region_months';
import type { Migration } from './migration';

export type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0024,
  m0025,
  m0026,
  m0027,
  m0028,
  m0029,
  m0030,
  m0031,
  m0032,
  m0033,
  m0034,
  m0035,
  m0036,
  m0037,
  m0038,
  m0039,
  m0040,
  m0041,
  m0042,
  m0043,
  m0044,
  m0045,
  m0046,
  m0047,
  m0048,
  m0049,
  m0050,
];
