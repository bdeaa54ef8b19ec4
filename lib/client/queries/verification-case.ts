'use client';

/**
 * One verification case in the browser (issue 33, lawSpotDetail): its detail, outline and record check, and the
 * move that takes it on. Keys carry the user (what the case offers depends on who asks) and the locale (names).
 * A move refreshes the case and its record check, so the page shows the new stage, moves and history at once.
 */
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocale } from 'next-intl';
import {
  caseDetailContract,
  casePhotosContract,
  casePositionContract,
  deleteCasePhotoContract,
  uploadCasePhotoContract,
  moveCaseContract,
  verifyCaseChainContract,
  type MoveCaseBody,
  type PhotoUploadQuery,
} from '../../shared/contracts/verification';
import { apiFetch } from '../api';
import { selectUser } from '../stores/selectors';
import { useSessionStore } from '../stores/session-store';

export const verificationCaseKeys = {
  all: ['verification-case'] as const,
  user: (userId: string) => [...verificationCaseKeys.all, userId] as const,
  case: (userId: string, id: string) => [...verificationCaseKeys.user(userId), id] as const,
  detail: (userId: string, id: string, locale: string) => [...verificationCaseKeys.case(userId, id), 'detail', locale] as const,
  position: (userId: string, id: string) => [...verificationCaseKeys.case(userId, id), 'position'] as const,
  chain: (userId: string, id: string) => [...verificationCaseKeys.case(userId, id), 'chain'] as const,
  photos: (userId: string, id: string) => [...verificationCaseKeys.case(userId, id), 'photos'] as const,
};

const useUserId = () => useSessionStore(selectUser)?.id ?? '';

/** The case (`id` null: none asked for, nothing fetched). */
export function useCaseDetail(id: string | null) {
  const userId = useUserId();
  const locale = useLocale();
  return useQuery({
    queryKey: verificationCaseKeys.detail(userId, id ?? '', locale),
    queryFn: id === null || userId === '' ? skipToken : ({ signal }) => apiFetch(caseDetailContract, { params: { id }, signal }),
  });
}

export function useCasePosition(id: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: verificationCaseKeys.position(userId, id),
    queryFn: ({ signal }) => apiFetch(casePositionContract, { params: { id }, signal }),
    enabled: userId !== '',
    // The outline of a spot never changes.
    staleTime: Infinity,
  });
}

/** The record's hash chain, checked again after every move (`version` is part of the key). */
export function useCaseChain(id: string, version: number | undefined) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...verificationCaseKeys.chain(userId, id), version] as const,
    queryFn: ({ signal }) => apiFetch(verifyCaseChainContract, { params: { id }, signal }),
    enabled: userId !== '' && version !== undefined,
  });
}

/**
 * Moves the case. Not a useMutation: the query layer reports every failed mutation in the app's error notification,
 * and a refused move (stale form, missing reason) is told beside the form instead, once. Moved or refused alike, the
 * case is fetched again before the answer, so the page shows the case as it is now (its outline stays).
 */
export function useMoveCase(id: string) {
  const client = useQueryClient();
  const userId = useUserId();
  const [busy, setBusy] = useState(false);
  const move = useCallback(
    /** `onMoved` runs once the move is made, before the case is fetched again (e.g. to drop a draft it sent). */
    async (body: MoveCaseBody, onMoved?: () => void) => {
      setBusy(true);
      try {
        const answer = await apiFetch(moveCaseContract, { params: { id }, body });
        onMoved?.();
        return answer;
      } finally {
        await Promise.all([
          client.invalidateQueries({ queryKey: [...verificationCaseKeys.case(userId, id), 'detail'] }),
          client.invalidateQueries({ queryKey: verificationCaseKeys.chain(userId, id) }),
        ]);
        setBusy(false);
      }
    },
    [client, userId, id],
  );
  return { move, busy };
}

/** The case's field photos (issue 34.1), fetched again after a move (`version`: whether photos may be added changes). */
export function useCasePhotos(id: string, version: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...verificationCaseKeys.photos(userId, id), version] as const,
    queryFn: ({ signal }) => apiFetch(casePhotosContract, { params: { id }, signal }),
    enabled: userId !== '',
  });
}

/**
 * Adds and deletes photos. Not useMutation, for the same reason as useMoveCase: a refused file is told beside the
 * photos, once. Either way the photo list is fetched again.
 */
export function useCasePhotoActions(id: string) {
  const client = useQueryClient();
  const userId = useUserId();
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: verificationCaseKeys.photos(userId, id) }), [client, userId, id]);
  const upload = useCallback(
    async (file: Blob, query: PhotoUploadQuery) => {
      setBusy(true);
      try {
        return await apiFetch(uploadCasePhotoContract, { params: { id }, query, body: file });
      } finally {
        await refresh();
        setBusy(false);
      }
    },
    [id, refresh],
  );
  const remove = useCallback(
    async (photoId: string) => {
      setBusy(true);
      try {
        return await apiFetch(deleteCasePhotoContract, { params: { id, photoId } });
      } finally {
        await refresh();
        setBusy(false);
      }
    },
    [id, refresh],
  );
  return { upload, remove, busy };
}
