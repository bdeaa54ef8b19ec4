import 'server-only';
import type { Session } from '../session';
import { unauthorized } from '../api/errors';

/** The signed-in caller's user id: every cart and order query is scoped to it. */
export function ownerId(session: Session | null): number {
  if (!session) throw unauthorized();
  return Number(session.userId);
}
