'use client';

import { useEffect } from 'react';
import {
  clearSessionHint,
  forgetUser,
  hasSessionHint,
  offlineFailure,
  rememberedUser,
  rememberUser,
  sessionInfoUnusable,
} from '@/lib/client/session-hint';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { API_PATHS } from '@/lib/shared/contracts/paths';

/**
 * Spec §4: with a token but no user info, load it; info lacking username, id or permissions clears the
 * token. The user queries (and their response schemas) load only when a session hint exists.
 */
export function SessionBootstrap() {
  const setUser = useSessionStore((s) => s.setUser);
  useEffect(() => {
    if (!hasSessionHint() || useSessionStore.getState().user) return;
    import('@/lib/client/queries/users')
      .then(async ({ fetchUserDetail, toSessionUser }) => {
        const user = toSessionUser(await fetchUserDetail());
        if (user) {
          setUser(user);
          rememberUser(user);
        } else {
          clearSessionHint();
          forgetUser();
          const { apiFetch } = await import('@/lib/client/api');
          apiFetch(API_PATHS.logout, { method: 'POST', body: {} }).catch(() => {});
        }
      })
      .catch((error: unknown) => {
        // 401 is handled by the fetch wrapper (logout + warning). The hint goes only when the server's
        // answer itself was unusable; a request cut short (the visitor navigated on, the network dropped,
        // the server was busy) keeps it, so the next page loads the user instead of showing them logged out.
        if (sessionInfoUnusable(error)) {
          clearSessionHint();
          forgetUser();
          return;
        }
        // No network (a field worker's phone): the user last seen on this device, so the page does not look
        // signed out; the next page with a network loads the user again.
        const kept = offlineFailure(error) ? rememberedUser() : null;
        if (kept) setUser(kept);
      });
  }, [setUser]);
  return null;
}
