import 'server-only';
import { ALL_PERMISSION_CODES } from '../../shared/permissions';
import type { Session } from './session';

/** Administrators hold every permission (the seeded `admin` role). */
export function isAdministrator(session: Session | null): boolean {
  return session !== null && ALL_PERMISSION_CODES.every((code) => session.permissions.includes(code));
}
