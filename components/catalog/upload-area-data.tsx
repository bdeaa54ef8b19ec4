'use client';
/** The uploaded area of SHP mode: read back by id (`shp=` in the URL) and uploaded with progress. */
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { apiFetch } from '@/lib/client/api';
import { uploadFile } from '@/lib/client/upload-file';
import { getUploadedAreaContract, uploadAreaContract, uploadedAreaSchema, type UploadedArea } from '@/lib/shared/contracts/uploads';

export const uploadAreaKey = (locale: string, id: string | null) => ['upload-area', locale, id] as const;

/** The uploaded area while it lives; an expired or unknown id fails (the caller says so and forgets it). */
export function useUploadedArea(id: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: uploadAreaKey(locale, id),
    queryFn: ({ signal }) => apiFetch(getUploadedAreaContract, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
}

export { UploadFailed } from '@/lib/client/upload-file';

/** Sends an area file (lib/client/upload-file.ts: progress, then null while the server reads it). */
export function uploadAreaFile(
  file: File,
  locale: string,
  onProgress: (percent: number | null) => void,
  fallback: string,
): { promise: Promise<UploadedArea>; abort: () => void } {
  return uploadFile(uploadAreaContract.path, file, uploadedAreaSchema, { locale, onProgress, fallback });
}
