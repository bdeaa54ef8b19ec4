'use client';
/**
 * The frame of a dialog that shows one record read through a TanStack query: full screen on phones, the
 * record's title once it is read (a loading title before), skeletons while it loads, the error when it
 * could not be read, else the caller's body for it. Shared by the application review, the order
 * management, My applications and the feedback answer dialogs, which each carried a copy.
 */
import { Alert, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface DetailModalLabels {
  loading: string;
  close: string;
  /** Shown when the query failed without a message of its own. */
  loadFailed?: string;
}

interface DetailModalProps<T extends { id: string }> {
  /** The record asked for; the dialog is open while it is not null. */
  id: string | null;
  onClose: () => void;
  query: { data: T | undefined; isError: boolean; error: Error | null };
  title: (record: T) => ReactNode;
  labels: DetailModalLabels;
  children: (record: T) => ReactNode;
}

export function DetailModal<T extends { id: string }>({ id, onClose, query, title, labels, children }: DetailModalProps<T>) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  // The query may still hold the record opened before; only the one asked for is shown.
  const record = id && query.data?.id === id ? query.data : null;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      fullScreen={narrow}
      title={record ? title(record) : labels.loading}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': labels.close }}
    >
      {query.isError && !record ? (
        <Alert color="red" role="alert">
          {query.error?.message || labels.loadFailed}
        </Alert>
      ) : !record ? (
        <Stack gap="sm" role="status" aria-label={labels.loading}>
          <Skeleton h={80} />
          <Skeleton h={140} />
        </Stack>
      ) : (
        children(record)
      )}
    </Modal>
  );
}
