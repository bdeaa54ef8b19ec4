/**
 * Spot verification (issue 33; spec §2 /verify/lawenforceinspect, API family /api/process-spot-bjhs/v1/process):
 * moving a case along its machine, and checking its record's hash chain. Who may do either is decided on the server
 * by the user's verification roles and regions (lib/server/verification).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { VERIFICATION_STATUSES, VERIFICATION_VERDICTS } from '../workflow';
import { chainCheckSchema } from '../workflow/history';
import { defineContract, localizedIssue } from './api';

type VerificationErrorKey = keyof (typeof zh)['Verification']['errors'];
const issue = (key: VerificationErrorKey) => ({ error: localizedIssue(`Verification.errors.${key}`) });
const TAG = 'Verification';

const caseParams = z.object({
  id: z.coerce
    .number(issue('badCaseId'))
    .int(issue('badCaseId'))
    .min(1, issue('badCaseId'))
    .max(Number.MAX_SAFE_INTEGER, issue('badCaseId')),
});

/** The checker's form, sent with a submit. */
export const verdictFormSchema = z.object({
  verdict: z.enum(VERIFICATION_VERDICTS, issue('verdictRequired')),
  reasonCode: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,20}$/, issue('reasonUnknown'))
    .nullish(),
  approvalNo: z.string().trim().max(100, issue('tooLong')).nullish(),
  builder: z.string().trim().max(200, issue('tooLong')).nullish(),
  buildDate: z.iso.date(issue('badDate')).nullish(),
  remarks: z.string().trim().max(2000, issue('tooLong')).nullish(),
});

export const moveCaseBodySchema = z.object({
  to: z.enum(VERIFICATION_STATUSES, issue('badStage')),
  /** The case's version when the form was loaded (409 when it has moved on since). */
  version: z.number(issue('badVersion')).int(issue('badVersion')).min(1, issue('badVersion')).max(1_000_000_000, issue('badVersion')),
  note: z.string().trim().max(2000, issue('tooLong')).nullish(),
  form: verdictFormSchema.optional(),
});
export type MoveCaseBody = z.infer<typeof moveCaseBodySchema>;

export const moveCaseContract = defineContract({
  method: 'POST',
  path: '/api/process-spot-bjhs/v1/process/{id}',
  summary:
    'Move a verification case to its next stage (check, submit with a verdict, review, confirm, rectify, object): only a verification role whose region reaches the case and whose step it is (404 outside every range, 403 for another step, 409 when the case moved on since `version`)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  body: moveCaseBodySchema,
  response: z.object({ version: z.number().int() }),
});

export const verifyCaseChainContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/verify/{id}',
  summary:
    'Recompute a verification case’s history hash chain: intact with its head hash, or the first row changed (content) or missing before it (link); for the verification roles whose regions reach the case and administrators (404 for anyone else)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  response: chainCheckSchema,
});

export const VERIFICATION_CONTRACTS = [moveCaseContract, verifyCaseChainContract];
