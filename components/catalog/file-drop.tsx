'use client';

import { Progress, Stack, Text } from '@mantine/core';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import classes from './file-drop.module.css';

export type FileRejection = 'tooLarge' | 'wrongType';

export interface FileDropProps {
  /** File name endings accepted (lower case, with the dot), e.g. ['.zip', '.kml']; also the chooser's filter. */
  accept: readonly string[];
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** A file that passed the type and size checks. */
  onFile: (file: File) => void;
  /** A file refused before upload; the caller says why in its own words. */
  onReject?: (reason: FileRejection, file: File) => void;
  /** The accessible name of the drop area. */
  label: string;
  /** What to do (shown in the area), e.g. "Drop a file here or click to choose one". */
  prompt: string;
  /** Formats and limits, shown under the prompt. */
  hint?: string;
  /** Work in progress: the area does not take files meanwhile. */
  busy?: boolean;
  /** 0–100 while uploading; null for work whose progress is unknown (an indeterminate bar). */
  progress?: number | null;
  /** What is happening while busy (e.g. "Uploading… 40%"). */
  busyLabel?: string;
  testId?: string;
}

const endingOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/**
 * A drop area for one file that is also a button (click, Enter or Space opens the file chooser), with the
 * upload's progress while busy. It checks the file's type and size before handing it over.
 */
export function FileDrop({ accept, maxBytes, onFile, onReject, label, prompt, hint, busy = false, progress, busyLabel, testId }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const statusId = useId();

  const take = (file: File | undefined) => {
    if (!file || busy) return;
    if (!accept.includes(endingOf(file.name))) onReject?.('wrongType', file);
    else if (file.size > maxBytes) onReject?.('tooLarge', file);
    else onFile(file);
  };
  const open = () => {
    if (!busy) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div
      role="button"
      tabIndex={busy ? -1 : 0}
      aria-label={label}
      aria-describedby={`${hintId} ${statusId}`}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      className={classes.drop}
      data-over={over || undefined}
      data-busy={busy || undefined}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={testId}
    >
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          take(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
        data-testid={testId ? `${testId}-input` : undefined}
      />
      <Stack gap={4} align="center">
        <Text size="sm" fw={500} ta="center">
          {prompt}
        </Text>
        {hint ? (
          <Text id={hintId} size="xs" c="dimmed" ta="center">
            {hint}
          </Text>
        ) : null}
        <div id={statusId} aria-live="polite" style={{ width: '100%' }}>
          {busy ? (
            <Stack gap={4} mt={4}>
              <Text size="xs" ta="center">
                {busyLabel}
              </Text>
              <Progress
                value={progress ?? 100}
                animated={progress === null || progress === undefined}
                striped={progress === null || progress === undefined}
                size="sm"
                aria-label={busyLabel ?? label}
              />
            </Stack>
          ) : null}
        </div>
      </Stack>
    </div>
  );
}
