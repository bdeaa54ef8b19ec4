import 'server-only';

export interface Session {
  sessionId: string;
  userId: string;
  username: string;
  permissions: readonly string[];
}

/**
 * The session a request carries (cookie `token` or header `token`). Accounts and sessions arrive with
 * the accounts issue; until then there are no accounts, so no request is signed in and every protected
 * endpoint answers 401.
 */
export async function getSession(_request: Request): Promise<Session | null> {
  return null;
}
