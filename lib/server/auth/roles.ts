import 'server-only';
import { PERMISSIONS } from '../../shared/permissions';
import type { Session } from '../session';

/**
 * Administrators hold the explicit MOD_ADMIN permission (the seeded `admin` role). It is its own code,
 * not "every code", so adding a permission never takes administration away from anyone.
 */
export function isAdministrator(session: Session | null): boolean {
  return session !== null && session.permissions.includes(PERMISSIONS.ADMIN);
}
