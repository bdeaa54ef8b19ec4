'use client';

import { useEffect } from 'react';
import { ApiClientError, apiFetch } from '@/lib/client/api';
import { clearSessionHint, fetchUserDetail, hasSessionHint, toSessionUser } from '@/lib/client/queries/users';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { logoutContract } from '@/lib/shared/contracts/users';

/** Spec §4: with a token but no user info, load it; info lacking username, id or permissions clears the token. */
export function SessionBootstrap() {
  const setUser = useSessionStore((s) => s.setUser);
  useEffect(() => {
    if (!hasSessionHint() || useSessionStore.getState().user) return;
    fetchUserDetail()
      .then((detail) => {
        const user = toSessionUser(detail);
        if (user) setUser(user);
        else {
          clearSessionHint();
          apiFetch(logoutContract.path, { method: 'POST', body: {} }).catch(() => {});
        }
      })
      .catch((error: unknown) => {
        // 401 is handled by the fetch wrapper (logout + warning); anything else: the info could not load.
        if (!(error instanceof ApiClientError && error.kind === 'unauthorized')) clearSessionHint();
      });
  }, [setUser]);
  return null;
}
