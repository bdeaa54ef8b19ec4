/**
 * Cart and order API (`/api/order/v3`, spec §7; issue 19). The cart needs MOD_061 (spec §6); every read
 * and write is of the caller's own cart and orders. Statuses are the ORDER_STATUS / ORDER_ITEM_STATUS
 * dictionary items (lib/shared/orders/model.ts). The checkout form validates with the same schemas, so
 * both show the same localized messages (keys under `Orders.errors`).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { ORDER_LIMITS } from '../orders/model';
import { localizedIssue } from './api';

type OrderErrorKey = keyof (typeof zh)['Orders']['errors'];
const issue = (key: OrderErrorKey) => ({ error: localizedIssue(`Orders.errors.${key}`) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9\s-]{5,38}$/;

const optionalText = (max: number, key: OrderErrorKey, pattern?: RegExp) =>
  z
    .string(issue(key))
    .trim()
    .max(max, { ...issue(key), abort: true })
    .refine((v) => v === '' || !pattern || pattern.test(v), issue(key))
    .nullish()
    .transform((v) => (v ? v : null));

/** Who to contact about an order: copied onto the order. */
export const orderContactSchema = z.object({
  name: z
    .string(issue('contactNameRequired'))
    .trim()
    .min(1, { ...issue('contactNameRequired'), abort: true })
    .max(100, issue('contactNameTooLong')),
  phone: optionalText(40, 'phoneFormat', PHONE),
  email: optionalText(254, 'emailFormat', EMAIL),
  organization: optionalText(200, 'organizationTooLong'),
});
export type OrderContact = z.input<typeof orderContactSchema>;

export const orderPurposeSchema = z
  .string(issue('purposeRequired'))
  .trim()
  .min(1, { ...issue('purposeRequired'), abort: true })
  .max(2000, issue('purposeTooLong'));

/** A client-minted key (uuid): the same key submitted again finds the same order. */
export const idempotencyKeySchema = z.uuid(issue('badIdempotencyKey'));

export const sceneIdSchema = z.string().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/);

/** What placeOrder takes (the cart's submit and an application's approval). */
export const placeOrderInputSchema = z.object({
  userId: z.number().int().positive(),
  sceneIds: z.array(sceneIdSchema).min(1, issue('noScenes')),
  purpose: orderPurposeSchema,
  contact: orderContactSchema,
  idempotencyKey: idempotencyKeySchema,
  requestId: z.number().int().positive().nullish(),
  actorId: z.number().int().positive().nullish(),
});
export type PlaceOrderInput = z.input<typeof placeOrderInputSchema>;

export { ORDER_LIMITS };
