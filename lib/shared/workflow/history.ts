/** One row of a workflow's status history as the API gives it (orders, applications, feedback alike). */
import { z } from 'zod';

export function historyEntrySchema<T extends z.ZodType>(status: T) {
  return z.object({
    fromStatus: status.nullable(),
    toStatus: status,
    /** The new status's name in the caller's language (the machine's dictionary). */
    toStatusName: z.string(),
    /** Username of who changed it; null for the system. */
    by: z.string().nullable(),
    note: z.string().nullable(),
    at: z.string(),
  });
}

/**
 * A subject's history chain checked (lib/shared/workflow/chain.ts `ChainCheck`): intact, or the first row that
 * does not hold — its content changed, or the row before it is not the one it was written after.
 */
export const chainCheckSchema = z.discriminatedUnion('intact', [
  z.object({
    intact: z.literal(true),
    rows: z.number().int(),
    /** The last row's hash (hex); null without rows. */
    head: z.string().nullable(),
  }),
  z.object({
    intact: z.literal(false),
    rows: z.number().int(),
    head: z.string().nullable(),
    brokenAt: z.object({
      historyId: z.string(),
      /** 1 for the subject's first row. */
      position: z.number().int(),
      reason: z.enum(['content', 'link']),
    }),
  }),
]);
export type ChainCheckAnswer = z.infer<typeof chainCheckSchema>;
