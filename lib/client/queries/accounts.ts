'use client';

import { z } from 'zod';
import {
  changeEmailContract,
  changeTelephoneContract,
  checkValidityContract,
  forgetPasswordContract,
  registerContract,
  sendCodeContract,
  validityResultSchema,
} from '../../shared/contracts/users';
import { apiFetch } from '../api';

export type Channel = 'email' | 'telephone';
export type { CodePurpose as Purpose } from '../../shared/contracts/users';
import type { CodePurpose as Purpose } from '../../shared/contracts/users';

const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(values[k] ?? ''));

export const checkValidity = (kind: 'username' | 'email' | 'telephone', value: string) =>
  apiFetch(fill(checkValidityContract.path, { kind, value }), { schema: validityResultSchema });

export const sendCode = (channel: Channel, target: string, body: { purpose: Purpose; captcha: string; token: string }) =>
  apiFetch(fill(sendCodeContract.path, { channel, target }), { method: 'POST', body, schema: z.object({ resendAfterSeconds: z.number() }) });

export const registerAccount = (body: z.input<typeof registerContract.body>) => apiFetch(registerContract.path, { method: 'POST', body });

export const resetForgottenPassword = (body: z.input<typeof forgetPasswordContract.body>) => apiFetch(forgetPasswordContract.path, { method: 'POST', body });

export const changeContact = (channel: Channel, body: { value: string; code: string }) =>
  apiFetch((channel === 'email' ? changeEmailContract : changeTelephoneContract).path, { method: 'PUT', body });
