'use client';

import { loginPublicKeyContract, userDetailContract, type UserDetail } from '../../shared/contracts/users';
import { apiFetch } from '../api';
import type { SessionUser } from '../stores/slices/session-slice';

export const userKeys = {
  all: ['users'] as const,
  publicKey: () => [...userKeys.all, 'login-public-key'] as const,
  detail: () => [...userKeys.all, 'detail'] as const,
  areaRanges: () => [...userKeys.all, 'area-ranges'] as const,
  permissionNames: (locale: string) => [...userKeys.all, 'permission-names', locale] as const,
};

export const fetchLoginPublicKey = () => apiFetch(loginPublicKeyContract);

export const fetchUserDetail = () => apiFetch(userDetailContract);

export const captchaImageUrl = (token: string) => `/api/usercenter/v1/userinfo/login/captcha?token=${token}`;

/** Spec §4: user info without username, id or permissions is unusable (the token is then cleared). */
export function toSessionUser(detail: UserDetail | null | undefined): SessionUser | null {
  if (!detail || !detail.id || !detail.username || !Array.isArray(detail.permissions)) return null;
  return { id: detail.id, username: detail.username, accountType: detail.accountType, permissions: detail.permissions };
}

export { clearSessionHint, hasSessionHint } from '../session-hint';
