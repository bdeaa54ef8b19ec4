/**
 * Every API contract, for the OpenAPI document and the client's contract tests: each domain's contracts file
 * exports one `*_CONTRACTS` list and is listed here once. The contracts are shared (the browser's hooks type
 * their queries with them), so their composition root lives here rather than in lib/server/composition
 * (docs/adr/0023-feature-composition.md). A test fails when a contracts file's list is missing here.
 */
import type { ApiContract } from './api';
import { CATALOGUE_CONTRACTS } from './catalogue';
import { COVERAGE_CONTRACTS } from './coverage';
import { COVERAGE_STATS_CONTRACTS } from './coverage-statistics';
import { DEFORMATION_CONTRACTS } from './surface-deform';
import { FAQ_CONTRACTS } from './faq';
import { FEEDBACK_CONTRACTS } from './feedback';
import { FIGURE_CONTRACTS } from './figures';
import { NEWS_CONTRACTS } from './news';
import { NODE_CONTRACTS } from './nodes';
import { ORBIT_CONTRACTS } from './orbits';
import { ORDER_CONTRACTS } from './orders';
import { ORDER_MANAGE_CONTRACTS } from './orders-manage';
import { PUSH_CONTRACTS } from './push';
import { PUSH_EXPORT_CONTRACTS } from './push-exports';
import { REGION_CONTRACTS } from './regions';
import { REQUEST_CONTRACTS } from './requests';
import { REQUEST_REVIEW_CONTRACTS } from './requests-review';
import { SATELLITE_CONTRACTS } from './satellites';
import { SCENE_LIST_CONTRACTS } from './scene-lists';
import { SHARE_CONTRACTS } from './share';
import { SPOT_CONTRACTS } from './spots';
import { SPOT_BATCH_CONTRACTS } from './spot-batches';
import { SPOT_STATS_CONTRACTS } from './spot-statistics';
import { SUBSCRIPTION_CONTRACTS } from './subscriptions';
import { THEME_CONTRACTS } from './themes';
import { TLE_ADMIN_CONTRACTS } from './tle-admin';
import { UPLOAD_CONTRACTS } from './uploads';
import { USER_CONTRACTS } from './users';
import { VERIFICATION_CONTRACTS } from './verification';
import { VERIFICATION_FIELD_CONTRACTS } from './verification-field';
import { VISIT_CONTRACTS } from './visits';

export const ALL_CONTRACTS: readonly ApiContract[] = [
  ...VISIT_CONTRACTS,
  ...FIGURE_CONTRACTS,
  ...USER_CONTRACTS,
  ...REGION_CONTRACTS,
  ...NEWS_CONTRACTS,
  ...SHARE_CONTRACTS,
  ...SATELLITE_CONTRACTS,
  ...FEEDBACK_CONTRACTS,
  ...SPOT_CONTRACTS,
  ...THEME_CONTRACTS,
  ...ORBIT_CONTRACTS,
  ...DEFORMATION_CONTRACTS,
  ...CATALOGUE_CONTRACTS,
  ...UPLOAD_CONTRACTS,
  ...SCENE_LIST_CONTRACTS,
  ...COVERAGE_CONTRACTS,
  ...COVERAGE_STATS_CONTRACTS,
  ...ORDER_CONTRACTS,
  ...REQUEST_CONTRACTS,
  ...REQUEST_REVIEW_CONTRACTS,
  ...ORDER_MANAGE_CONTRACTS,
  ...TLE_ADMIN_CONTRACTS,
  ...FAQ_CONTRACTS,
  ...NODE_CONTRACTS,
  ...VERIFICATION_CONTRACTS,
  ...VERIFICATION_FIELD_CONTRACTS,
  ...PUSH_CONTRACTS,
  ...SPOT_BATCH_CONTRACTS,
  ...SPOT_STATS_CONTRACTS,
  ...PUSH_EXPORT_CONTRACTS,
  ...SUBSCRIPTION_CONTRACTS,
];
