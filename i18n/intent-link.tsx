'use client';

import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react';
import { LocaleLink, useRouter } from './base-navigation';

type Props = ComponentProps<typeof LocaleLink>;

/**
 * The locale-aware Link, prefetching when a reader reaches for it (pointer, touch or focus) instead of whenever it
 * scrolls into view. Next's viewport prefetch asked for every visible link's page at once: on a page with a menu and a
 * dozen news and satellite links that was twenty-odd page renders per visit, each ISR page rendered on its first
 * request against a database that answers one query at a time (embedded PGlite), so a reader's own click or a
 * file-share load queued behind them for seconds, and the prefetched pages' eager images downloaded unseen.
 * `prefetch={false}` still turns prefetching off entirely.
 */
export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: Props) {
  const router = useRouter();
  const intent = () => {
    if (prefetch === false || typeof props.href !== 'string' || !props.href.startsWith('/')) return;
    router.prefetch(props.href, props.locale ? { locale: props.locale } : undefined);
  };
  return (
    <LocaleLink
      {...props}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => (intent(), onMouseEnter?.(event))}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => (intent(), onTouchStart?.(event))}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => (intent(), onFocus?.(event))}
    />
  );
}
