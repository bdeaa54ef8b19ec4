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
