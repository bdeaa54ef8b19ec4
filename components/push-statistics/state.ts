/**
 * The push statistics screen's state (issue 36.3) and where it lives: the address's query, so a link or Back brings
 * the same figures again. Pure functions, tested in state.test.ts.
 */
import type { PushStatsStep } from '@/lib/shared/contracts/push-statistics';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';

export const STEPS: readonly PushStatsStep[] = ['month', 'quarter', 'year'];
/** How many terms each list offers (five years: the API's longest period). */
const TERMS: Record<PushStatsStep, number> = { month: 60, quarter: 20, year: 5 };

/** The terms of a step, newest first, ending with the current one (UTC). */
export function termsOf(step: PushStatsStep, now = new Date()): string[] {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return Array.from({ length: TERMS[step] }, (_, i) => {
    if (step === 'year') return String(y - i);
    if (step === 'quarter') {
      const q = y * 4 + Math.floor(m / 3) - i;
      return `${Math.floor(q / 4)}Q${(q % 4) + 1}`;
    }
    const k = y * 12 + m - i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

export interface PushStatsState {
  step: PushStatsStep;
  /** Terms of `step`, `from` ≤ `to`. */
  from: string;
  to: string;
  region: string;
  /** `me`, `all` (administrators) or a user id. */
  user: string;
  /** Page of the per-user table. */
  page: number;
}

/** The default: the last four quarters, the whole country, the reader's own figures (an administrator: everyone's). */
export function defaultPushStatsState(admin: boolean, now = new Date()): PushStatsState {
  const quarters = termsOf('quarter', now);
  return { step: 'quarter', from: quarters[3]!, to: quarters[0]!, region: COUNTRY_CODE, user: admin ? 'all' : 'me', page: 1 };
}

/** The screen's state from the address (`?step=month&from=2026-01&to=2026-06&region=130000&user=all&page=2`); anything malformed takes its default. */
export function parsePushStatsState(search: URLSearchParams, admin: boolean, now = new Date()): PushStatsState {
  const d = defaultPushStatsState(admin, now);
  const stepText = search.get('step');
  const step = STEPS.includes(stepText as PushStatsStep) ? (stepText as PushStatsStep) : d.step;
  const terms = termsOf(step, now);
  const fallback = step === d.step ? d : { ...d, from: terms[Math.min(3, terms.length - 1)]!, to: terms[0]! };
  let from = search.get('from') ?? '';
  let to = search.get('to') ?? '';
  if (!terms.includes(from) || !terms.includes(to)) [from, to] = [fallback.from, fallback.to];
  if (from > to) [from, to] = [to, from];
  const region = search.get('region') ?? '';
  const user = search.get('user') ?? '';
  const page = Number(search.get('page'));
  return {
    step,
    from,
    to,
    region: /^[1-9]\d{5}$/.test(region) ? region : d.region,
    user: user === 'me' || user === 'all' || /^\d{1,18}$/.test(user) ? user : d.user,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address query of a state: only what differs from the default. */
export function pushStatsSearch(state: PushStatsState, admin: boolean, now = new Date()): string {
  const d = defaultPushStatsState(admin, now);
  const p = new URLSearchParams();
  if (state.step !== d.step) p.set('step', state.step);
  if (state.step !== d.step || state.from !== d.from || state.to !== d.to) {
    p.set('from', state.from);
    p.set('to', state.to);
  }
  if (state.region !== d.region) p.set('region', state.region);
  if (state.user !== d.user) p.set('user', state.user);
  if (state.page !== 1) p.set('page', String(state.page));
  const qs = p.toString();
  return qs ? `?${qs}` : '';
}
