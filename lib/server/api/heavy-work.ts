import 'server-only';
/**
 * Admission for the expensive public analyses (coverage, fall figures, union areas, sorting by coverage, orbit
 * predictions, area uploads): each costs seconds of database or CPU time, and anyone may ask for them. Issue 32.2:
 * a handful of them at once made every other request wait, so they get their own bound, beside the server's
 * general admission (scripts/admission.mjs):
 *
 * - at most `maxActive` run at once in the process (the embedded database works one statement at a time: one);
 * - one client (a signed-in user, else an address) runs at most `perClient` at once and has at most that many more
 *   waiting: a further request is refused at once, since it would only wait behind the client's own;
 * - the others wait in a queue served round-robin by client, so one busy client cannot starve the rest; a request
 *   that would wait longer than `maxWaitMs`, or finds `maxQueue` already waiting, is refused.
 *
 * A refusal is a quick 503 with Retry-After in the caller's language (the client's query layer retries it and
 * says so), never a hang.
 */
import { API_CODES } from '../../shared/contracts/api';
import { getEnv, type Env } from '../env';
import { ApiError } from './errors';

export interface HeavyWorkLimits {
  maxActive: number;
  perClient: number;
  maxQueue: number;
  maxWaitMs: number;
}

interface Waiter {
  client: string;
  admit: () => void;
  timer: NodeJS.Timeout;
}

/** 503 + Retry-After: the analyses are all busy (`heavyBusy`) or this client's own are (`heavyOwnBusy`). */
function refusal(key: 'heavyBusy' | 'heavyOwnBusy', seconds: number): ApiError {
  return new ApiError(API_CODES.UNAVAILABLE, key, { seconds }, 503, { 'retry-after': String(seconds) });
}

export class HeavyWorkGate {
  private active = 0;
  /** Per client: running and waiting. */
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();
  private queued = 0;

  constructor(readonly limits: HeavyWorkLimits) {}

  /** Seconds a refused client is asked to wait: about one wait bound, at least a second. */
  private get retryAfter(): number {
    return Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000));
  }

  private count(map: Map<string, number>, client: string, by: number): void {
    const next = (map.get(client) ?? 0) + by;
    if (next <= 0) map.delete(client);
    else map.set(client, next);
  }

  /** How many requests of a client run or wait now. */
  load(client: string): { running: number; waiting: number } {
    return { running: this.running.get(client) ?? 0, waiting: this.waiting.get(client)?.length ?? 0 };
  }

  /** Resolves with a release function once the work may start; rejects with a 503 ApiError when refused. */
  enter(client: string): Promise<() => void> {
    const { perClient, maxActive, maxQueue, maxWaitMs } = this.limits;
    const { running, waiting } = this.load(client);
    if (running >= perClient && waiting >= perClient) return Promise.reject(refusal('heavyOwnBusy', this.retryAfter));
    if (this.active < maxActive && this.queued === 0 && running < perClient) return Promise.resolve(this.start(client));
    if (this.queued >= maxQueue) return Promise.reject(refusal('heavyBusy', this.retryAfter));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        client,
        admit: () => resolve(this.start(client)),
        timer: setTimeout(() => {
          this.remove(waiter);
          reject(refusal('heavyBusy', this.retryAfter));
        }, maxWaitMs),
      };
      const list = this.waiting.get(client);
      if (list) list.push(waiter);
      else this.waiting.set(client, [waiter]);
      this.queued++;
      // Free capacity that only the waiting clients' own bounds held back goes to this one at once.
      this.next();
    });
  }

  private start(client: string): () => void {
    this.active++;
    this.count(this.running, client, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.count(this.running, client, -1);
      this.next();
    };
  }

  private remove(waiter: Waiter): void {
    const list = this.waiting.get(waiter.client);
    const at = list?.indexOf(waiter) ?? -1;
    if (!list || at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) this.waiting.delete(waiter.client);
    this.queued--;
  }

  /** Admits waiting work round-robin by client (Map order), skipping clients at their own bound. */
  private next(): void {
    while (this.active < this.limits.maxActive && this.queued > 0) {
      let admitted = false;
      for (const [client, list] of this.waiting) {
        if ((this.running.get(client) ?? 0) >= this.limits.perClient) continue;
        const waiter = list[0]!;
        this.remove(waiter);
        clearTimeout(waiter.timer);
        // Round-robin: the client goes to the back of the order if it still has work waiting.
        const rest = this.waiting.get(client);
        if (rest) {
          this.waiting.delete(client);
          this.waiting.set(client, rest);
        }
        waiter.admit();
        admitted = true;
        break;
      }
      if (!admitted) return;
    }
  }
}

const holder = globalThis as typeof globalThis & { __portalHeavyWork?: HeavyWorkGate };

/** Share of server.mjs's admission slots the analyses may hold, running and waiting together. */
export const HEAVY_SLOT_SHARE = 1 / 4;

/**
 * The limits of the environment (HEAVY_*). Every analysis, running or waiting, holds one of the slots server.mjs
 * lets into Next (MAX_ACTIVE_REQUESTS, scripts/admission.mjs): together they take at most a quarter of them, so
 * three quarters stay for everything else however many clients ask for analyses.
 */
export function heavyLimits(env: Pick<Env, 'HEAVY_MAX_ACTIVE' | 'HEAVY_PER_CLIENT' | 'HEAVY_MAX_QUEUE' | 'HEAVY_MAX_WAIT_MS' | 'MAX_ACTIVE_REQUESTS' | 'DATABASE_URL'>): HeavyWorkLimits {
  const slots = env.MAX_ACTIVE_REQUESTS > 0 ? Math.max(1, Math.floor(env.MAX_ACTIVE_REQUESTS * HEAVY_SLOT_SHARE)) : Number.POSITIVE_INFINITY;
  const maxActive = Math.min(env.HEAVY_MAX_ACTIVE ?? (env.DATABASE_URL ? 4 : 1), slots);
  return {
    maxActive,
    perClient: env.HEAVY_PER_CLIENT,
    maxQueue: Math.min(env.HEAVY_MAX_QUEUE ?? 32, slots - maxActive),
    maxWaitMs: env.HEAVY_MAX_WAIT_MS,
  };
}

/** The process's gate, with the limits of the environment. */
export function heavyWorkGate(): HeavyWorkGate {
  holder.__portalHeavyWork ??= new HeavyWorkGate(heavyLimits(getEnv()));
  return holder.__portalHeavyWork;
}

/** Tests: the next call makes a new gate from the environment as it is then. */
export function resetHeavyWorkGate(): void {
  holder.__portalHeavyWork = undefined;
}
