/** Every API contract, for the OpenAPI document. A new contract is added here too. */
import type { ApiContract } from './api';
import {
  changeEmailContract,
  changePasswordContract,
  changeTelephoneContract,
  checkCodeContract,
  checkValidityContract,
  forgetPasswordContract,
  getOutboxContract,
  listNodeTypesContract,
  listPermissionsContract,
  listRolesContract,
  registerContract,
  sendCodeContract,
  getAreaRangeByIdContract,
  getAreaRangesByUsernameContract,
  getOwnAreaRangesContract,
  loginContract,
  loginPublicKeyContract,
  logoutContract,
  userDetailContract,
} from './users';
import { CATALOGUE_CONTRACTS } from './catalogue';
import { UPLOAD_CONTRACTS } from './uploads';
import { COVERAGE_CONTRACTS } from './coverage';
import { DEFORMATION_CONTRACTS } from './surface-deform';
import { listFaqContract } from './faq';
import { FEEDBACK_CONTRACTS } from './feedback';
import { ORDER_CONTRACTS } from './orders';
import { NEWS_CONTRACTS } from './news';
import { listNodesContract } from './nodes';
import { REGION_CONTRACTS } from './regions';
import { SCENE_LIST_CONTRACTS } from './scene-lists';
import { SHARE_CONTRACTS } from './share';
import { SATELLITE_CONTRACTS } from './satellites';
import { SPOT_CONTRACTS } from './spots';
import { ORBIT_CONTRACTS } from './orbits';
import { THEME_CONTRACTS } from './themes';
import { platformFiguresContract } from './figures';
import { REQUEST_CONTRACTS } from './requests';
import { REQUEST_REVIEW_CONTRACTS } from './requests-review';
import { ORDER_MANAGE_CONTRACTS } from './orders-manage';
import { TLE_ADMIN_CONTRACTS } from './tle-admin';
import { getVisitTotalsContract, incrVisitContract } from './visits';

export const ALL_CONTRACTS: readonly ApiContract[] = [
  incrVisitContract,
  getVisitTotalsContract,
  platformFiguresContract,
  loginPublicKeyContract,
  loginContract,
  logoutContract,
  userDetailContract,
  changePasswordContract,
  getOwnAreaRangesContract,
  getAreaRangeByIdContract,
  getAreaRangesByUsernameContract,
  checkValidityContract,
  sendCodeContract,
  checkCodeContract,
  registerContract,
  forgetPasswordContract,
  getOutboxContract,
  listPermissionsContract,
  listRolesContract,
  listNodeTypesContract,
  changeTelephoneContract,
  changeEmailContract,
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
  ...ORDER_CONTRACTS,
  ...REQUEST_CONTRACTS,
  ...REQUEST_REVIEW_CONTRACTS,
  ...ORDER_MANAGE_CONTRACTS,
  ...TLE_ADMIN_CONTRACTS,
  listFaqContract,
  listNodesContract,
];
