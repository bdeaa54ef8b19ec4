/** Every API contract, for the OpenAPI document. A new contract is added here too. */
import type { ApiContract } from './api';
import {
  changePasswordContract,
  checkCodeContract,
  checkValidityContract,
  forgetPasswordContract,
  getOutboxContract,
  listNodeTypesContract,
  listPermissionsContract,
  listRolesContract,
  registerContract,
  sendCodeContract,
  getAreaRangesByUsernameContract,
  getOwnAreaRangesContract,
  loginContract,
  loginPublicKeyContract,
  logoutContract,
  userDetailContract,
} from './users';
import { getVisitTotalsContract, incrVisitContract } from './visits';

export const ALL_CONTRACTS: readonly ApiContract[] = [
  incrVisitContract,
  getVisitTotalsContract,
  loginPublicKeyContract,
  loginContract,
  logoutContract,
  userDetailContract,
  changePasswordContract,
  getOwnAreaRangesContract,
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
];
