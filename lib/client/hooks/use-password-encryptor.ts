'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { encryptPassword } from '../encrypt-password';
import { fetchLoginPublicKey, userKeys } from '../queries/users';

/** Encrypts passwords for the server's login key (fetched once and cached for ten minutes). */
export function usePasswordEncryptor() {
  const queryClient = useQueryClient();
  return useCallback(
    async (password: string) => {
      const { publicKey } = await queryClient.fetchQuery({
        queryKey: userKeys.publicKey(),
        queryFn: fetchLoginPublicKey,
        staleTime: 10 * 60_000,
      });
      return encryptPassword(publicKey, password);
    },
    [queryClient],
  );
}
