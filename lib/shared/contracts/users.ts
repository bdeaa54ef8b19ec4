import { z } from 'zod';
import { defineContract, type ApiContract } from './api';
import { API_PATHS } from './paths';

export const CAPTCHA_TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/;

export const loginBodySchema = z.object({
  /** Username, phone number or e-mail. */
  username: z.string().trim().min(1).max(100),
  /** base64 of RSA-OAEP-SHA256(JSON {p: password, t: epoch ms}) under the login public key. */
  password: z
    .string()
    .min(1)
    .max(1024)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  captcha: z.string().trim().min(1).max(8),
  token: z.string().regex(CAPTCHA_TOKEN_PATTERN),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Envelope codes of the login call besides 0: 2 means the account must change its password first. */
export const LOGIN_CODES = { MUST_CHANGE_PASSWORD: 2, LOCKED: 429, BAD_CREDENTIALS: 1001, CAPTCHA: 1002, CIPHER: 1003 } as const;

export const loginContract = defineContract({
  method: 'POST',
  path: '/api/usercenter/v1/userinfo/login',
  summary: 'Log in with captcha; data is the session token (also set as the httpOnly cookie `token`)',
  tag: 'usercenter',
  access: 'public',
  body: loginBodySchema,
  response: z.string(),
  maxBodyBytes: 4096,
});

export const loginPublicKeySchema = z.object({ publicKey: z.string(), keyId: z.string() });
export const loginPublicKeyContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/userinfo/login/publickey',
  summary: 'RSA public key (SPKI PEM) that the login form encrypts the password with',
  tag: 'usercenter',
  access: 'public',
  response: loginPublicKeySchema,
});

export const captchaQuerySchema = z.object({ token: z.string().regex(CAPTCHA_TOKEN_PATTERN) });

export const logoutContract = defineContract({
  method: 'POST',
  path: API_PATHS.logout,
  summary: 'End the current session',
  tag: 'usercenter',
  access: 'login',
  response: z.null(),
});

export const contactSchema = z.object({ value: z.string(), uri: z.string() }).nullable();

export const userDetailSchema = z.object({
  id: z.string(),
  username: z.string(),
  accountType: z.number().int(),
  realName: z.string().nullable(),
  organization: z.string().nullable(),
  nodeType: z.object({ code: z.string(), name: z.string() }).nullable(),
  permissions: z.array(z.string()),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  telephone: contactSchema,
  email: contactSchema,
  personInfo: z.object({ relatePushNodeInfo: z.array(z.object({ nodeCode: z.string(), nodeName: z.string() })) }),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userDetailContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/userinfo/detail',
  summary: 'The signed-in user: identity, permissions, roles, contacts and related push nodes',
  tag: 'usercenter',
  access: 'login',
  response: userDetailSchema,
});

export const areaRangeSchema = z.object({
  id: z.string(),
  type: z.string(),
  regionId: z.string(),
  status: z.number().int(),
  isDelete: z.number().int(),
});
export type AreaRange = z.infer<typeof areaRangeSchema>;

const encryptedPassword = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);

export const changePasswordBodySchema = z.object({ oldPassword: encryptedPassword, newPassword: encryptedPassword });

export const changePasswordContract = defineContract({
  method: 'PUT',
  path: '/api/usercenter/v1/userinfo/password',
  summary: 'Change the own password (both encrypted like the login password); ends every other session',
  tag: 'usercenter',
  access: 'login',
  body: changePasswordBodySchema,
  response: z.null(),
  maxBodyBytes: 4096,
});

export const areaRangeListSchema = z.array(areaRangeSchema);

export const getOwnAreaRangesContract = defineContract({
  method: 'GET',
  path: '/api/main/v1/arearange/userid',
  summary: 'Active, non-deleted area ranges of the signed-in user',
  tag: 'usercenter',
  access: 'login',
  response: areaRangeListSchema,
});

export const getAreaRangesByUsernameContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/arearange/userid/{username}/{flag}',
  summary: 'Area ranges by username with flag 0 (spec §7); a user may read only their own unless an administrator',
  tag: 'usercenter',
  access: 'login',
  params: z.object({ username: z.string().trim().min(1).max(100), flag: z.literal('0') }),
  response: areaRangeListSchema,
});

// ── Registration, verification codes, password reset ─────────────────────────────────────────────

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{3,31}$/;
export const TELEPHONE_PATTERN = /^1[3-9][0-9]{9}$/;

export const channelSchema = z.enum(['email', 'telephone']);
/** `change` (a new e-mail or phone for the signed-in user) needs a session. */
export const purposeSchema = z.enum(['register', 'reset', 'change']);
export type CodePurpose = z.infer<typeof purposeSchema>;

export const validityKindSchema = z.enum(['username', 'email', 'telephone']);
export const validityResultSchema = z.object({ valid: z.boolean(), reason: z.enum(['format', 'taken']).nullable() });

export const checkValidityContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/userinfo/valid/{kind}/{value}',
  summary: 'Live check while registering: is this username, e-mail or phone number well-formed and free?',
  tag: 'usercenter',
  access: 'public',
  params: z.object({ kind: validityKindSchema, value: z.string().trim().min(1).max(100) }),
  response: validityResultSchema,
});

export const sendCodeContract = defineContract({
  method: 'POST',
  path: '/api/captcha/v1/send/{channel}/{target}',
  summary: 'Send a six-digit code by e-mail or SMS (image captcha required; one per minute, five per hour per address)',
  tag: 'captcha',
  access: 'public',
  params: z.object({ channel: channelSchema, target: z.string().trim().min(3).max(100) }),
  body: z.object({ purpose: purposeSchema, captcha: z.string().trim().min(1).max(8), token: z.string().regex(CAPTCHA_TOKEN_PATTERN) }),
  response: z.object({ resendAfterSeconds: z.number().int() }),
  maxBodyBytes: 1024,
});

export const checkCodeContract = defineContract({
  method: 'POST',
  path: '/api/captcha/v1/check/captcha',
  summary: 'Check a code without using it up (five wrong tries end the code)',
  tag: 'captcha',
  access: 'public',
  body: z.object({
    channel: channelSchema,
    target: z.string().trim().min(3).max(100),
    purpose: purposeSchema,
    code: z.string().regex(/^[0-9]{6}$/),
  }),
  response: z.object({ valid: z.literal(true) }),
  maxBodyBytes: 1024,
});

export const registerBodySchema = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN),
  password: encryptedPassword,
  channel: channelSchema,
  email: z.email().max(100).optional(),
  telephone: z.string().regex(TELEPHONE_PATTERN).optional(),
  code: z.string().regex(/^[0-9]{6}$/),
  realName: z.string().trim().max(50).optional(),
  organization: z.string().trim().max(100).optional(),
});

export const registerContract = defineContract({
  method: 'POST',
  path: '/api/usercenter/v1/userinfo/register',
  summary: 'Register a personal account after verifying the e-mail or phone with a code',
  tag: 'usercenter',
  access: 'public',
  body: registerBodySchema,
  response: z.object({ username: z.string() }),
  maxBodyBytes: 4096,
});

export const forgetPasswordContract = defineContract({
  method: 'POST',
  path: '/api/usercenter/v1/userinfo/forgetpwd',
  summary: 'Set a new password with a code sent to the account e-mail or phone; ends every session',
  tag: 'usercenter',
  access: 'public',
  body: z.object({
    channel: channelSchema,
    target: z.string().trim().min(3).max(100),
    code: z.string().regex(/^[0-9]{6}$/),
    password: encryptedPassword,
  }),
  response: z.null(),
  maxBodyBytes: 4096,
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: channelSchema,
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const getOutboxContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/outbox',
  summary: 'Administrators: the newest messages of the outbox (deployments without SMTP or SMS)',
  tag: 'usercenter',
  access: 'login',
  query: z.object({ recipient: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.array(outboxMessageSchema),
});

export const namedCodeSchema = z.object({ code: z.string(), name: z.string() });

export const listPermissionsContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/permission',
  summary: 'Every permission code with its name in the caller’s language',
  tag: 'usercenter',
  access: 'login',
  response: z.array(namedCodeSchema),
});

export const listRolesContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/role',
  summary: 'Roles with their permission codes',
  tag: 'usercenter',
  access: 'login',
  response: z.array(namedCodeSchema.extend({ permissions: z.array(z.string()) })),
});

export const listNodeTypesContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/userinfo/nodetype',
  summary: 'Node types (provincial node users, dedicated-line users)',
  tag: 'usercenter',
  access: 'login',
  response: z.array(namedCodeSchema),
});

/** A new address, the code sent to it, and the current password (encrypted like the login form's). */
export const changeContactBodySchema = z.object({
  value: z.string().trim().min(3).max(100),
  code: z.string().regex(/^[0-9]{6}$/),
  password: encryptedPassword,
});

export const changeTelephoneContract = defineContract({
  method: 'PUT',
  path: '/api/usercenter/v1/userinfo/telephone',
  summary: 'Change the own mobile number with the current password and a code sent to the new number (purpose change); the old number is told and other sessions end',
  tag: 'usercenter',
  access: 'login',
  body: changeContactBodySchema,
  response: z.null(),
  maxBodyBytes: 1024,
});

export const changeEmailContract = defineContract({
  method: 'PUT',
  path: '/api/usercenter/v1/userinfo/email',
  summary: 'Change the own e-mail address with the current password and a code sent to the new address (purpose change); the old address is told and other sessions end',
  tag: 'usercenter',
  access: 'login',
  body: changeContactBodySchema,
  response: z.null(),
  maxBodyBytes: 1024,
});

export const getAreaRangeByIdContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/arearange/id/{id}',
  summary: 'One area range by id: the caller’s own, or any for administrators',
  tag: 'usercenter',
  access: 'login',
  params: z.object({ id: z.string().regex(/^[0-9]{1,18}$/) }),
  response: areaRangeSchema,
});

/** The accounts API, for the OpenAPI document (lib/shared/contracts/index.ts). */
export const USER_CONTRACTS: readonly ApiContract[] = [
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
];
