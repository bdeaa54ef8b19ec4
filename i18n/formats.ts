import type { Formats } from 'next-intl';

/**
 * The portal's date formats, one per kind, so a date reads the same on every screen of a language (issue 32.7:
 * English dates appeared as "November 28, 2026", "Nov 28, 2026", "28 Nov 2026" and "11/28/2026, 10:00:00 AM"):
 * `day` — en "Nov 28, 2026", zh "2026年11月28日"; `moment` — a day with its time, en "Nov 28, 2026, 10:05 AM",
 * zh "2026年11月28日 10:05". Always in China time (i18n/request.ts `timeZone`). Data tables keep ISO dates.
 */
export const formats = {
  dateTime: {
    day: { year: 'numeric', month: 'short', day: 'numeric' },
    moment: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  },
} satisfies Formats;
