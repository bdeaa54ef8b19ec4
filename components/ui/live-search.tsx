'use client';

import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useInteractive } from '@/lib/client/hooks/use-interactive';
import { textMarkup } from './mantine-markup';
import classes from './live-search.module.css';
import plain from './plain.module.css';

/** Words of a query, lower-cased; a text matches when it contains every one. */
export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesAll(needles: readonly string[], haystack: string): boolean {
  const text = haystack.toLowerCase();
  return needles.every((w) => text.includes(w));
}

/** Search-as-you-type state: the typed query, and the words to match (deferred, so typing stays smooth). */
export function useLiveSearch() {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const needles = useMemo(() => searchWords(deferred), [deferred]);
  return { query, setQuery, needles, searched: deferred.trim() };
}

interface Props {
  label: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** The query the list is filtered by ('' when none), how many items there are and how many it matched. */
  searched: string;
  total: number;
  found: number;
  /** The status line's words: `total` and `found` take `{count}`, `none` takes `{query}`. */
  statusText: (key: 'total' | 'found' | 'none', values: { count?: number; query?: string }) => string;
  maxWidth: number;
  testId?: string;
}

/**
 * A search box that filters a server-rendered list as you type, with a polite live status announcing the count.
 * The box needs JavaScript, so it appears only once the page is interactive; its slot is reserved meanwhile.
 */
export function LiveSearch({ label, placeholder, query, onQueryChange, searched, total, found, statusText, maxWidth, testId }: Props) {
  const interactive = useInteractive();
  const id = useId();
  return (
    <div className={classes.slot}>
      {interactive && (
        <div role="search" className={plain.field} style={{ maxWidth }}>
          <label htmlFor={id} className={plain.label}>
            {label}
          </label>
          <input
            id={id}
            type="search"
            className={plain.input}
            placeholder={placeholder}
            value={query}
            onChange={(e) => onQueryChange(e.currentTarget.value)}
            maxLength={50}
          />
        </div>
      )}
      <p
        {...textMarkup('sm', 'gray.7', { marginTop: 'calc(0.375rem * var(--mantine-scale))' })}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid={testId}
      >
        {!searched
          ? statusText('total', { count: total })
          : found > 0
            ? statusText('found', { count: found })
            : statusText('none', { query: searched })}
      </p>
    </div>
  );
}
