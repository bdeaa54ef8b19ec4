'use client';

import {
  changeEmailContract,
  changeTelephoneContract,
  checkCodeContract,
  checkValidityContract,
  forgetPasswordContract,
  registerContract,
  sendCodeContract,
} from '../../shared/contracts/users';
import { apiFetch, type ContractBody } from '../api';

export type Channel = 'email' | 'telephone';
export type { CodePurpose as Purpose } from '../../shared/contracts/users';
import type { CodePurpose as Purpose } from '../../shared/contracts/users';

export const checkValidity = (kind: 'username' | 'email' | 'telephone', value: string) =>
  apiFetch(checkValidityContract, { params: { kind, value } });

export const sendCode = (channel: Channel, target: string, body: { purpose: Purpose; captcha: string; token: string }) =>
  apiFetch(sendCodeContract, { params: { channel, target }, body });

export const registerAccount = (body: ContractBody<typeof registerContract>) => apiFetch(registerContract, { body });

export const resetForgottenPassword = (body: ContractBody<typeof forgetPasswordContract>) => apiFetch(forgetPasswordContract, { body });

/** Checks a code without using it up (five wrong tries end it). */
export const checkCode = (body: ContractBody<typeof checkCodeContract>) => apiFetch(checkCodeContract, { body });

export const changeContact = (channel: Channel, body: { value: string; code: string; password: string }) =>
  apiFetch(channel === 'email' ? changeEmailContract : changeTelephoneContract, { body });
