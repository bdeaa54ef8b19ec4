/**
 * A workflow is data (ADR 0018): its states, the transitions between them with the roles allowed to take
 * each, the state it starts in, the states after which nothing changes, and the dictionary naming its
 * states in both languages. The shape of an XState machine config, flattened to a transition list so a
 * screen, an API check and a test read the same declaration. One engine runs every machine
 * (lib/server/workflow); nothing else decides whether a status may change.
 */

/**
 * Who takes a transition: the owner of the subject, an administrator (MOD_ADMIN), the system (jobs), or one of
 * spot verification's roles within its regions (county checker, city reviewer, province confirmer).
 */
export type Role = 'owner' | 'admin' | 'system' | 'checker' | 'reviewer' | 'confirmer';
export const ROLES: readonly Role[] = ['owner', 'admin', 'system', 'checker', 'reviewer', 'confirmer'];

export type StateValue = string | number;

export interface Transition<S extends StateValue> {
  from: S;
  to: S;
  /** The roles that may take it. */
  by: readonly Role[];
  /** A note (a reason) must be given, e.g. for a rejection. */
  noteRequired?: boolean;
}

export interface Machine<S extends StateValue, Id extends string = string> {
  /** The workflow's id: the `workflow` column of its history rows. */
  id: Id;
  /** Every state, in the order the screens list them. */
  states: readonly S[];
  /** The state a new subject starts in (its first history row goes from nothing to it). */
  initial: S;
  transitions: readonly Transition<S>[];
  /** States after which nothing changes any more (no transition leaves them). */
  terminal: readonly S[];
  /** The state a review queue waits on (its "pending" count), if the workflow has a queue. */
  awaiting?: S;
  /** The dictionary (`dictionary_items.code`) naming the states in both languages. */
  dictionary: string;
}

/**
 * Declares a machine, refusing one that contradicts itself: a transition naming an unknown state or no
 * role, a transition out of a terminal state, an initial or awaited state that is not a state.
 */
export function defineMachine<S extends StateValue, Id extends string>(machine: Machine<S, Id>): Machine<S, Id> {
  const known = new Set<StateValue>(machine.states);
  const problem = (what: string) => new Error(`workflow ${machine.id}: ${what}`);
  if (known.size !== machine.states.length) throw problem('a state is listed twice');
  if (!known.has(machine.initial)) throw problem(`initial state ${machine.initial} is not a state`);
  if (machine.awaiting !== undefined && !known.has(machine.awaiting)) throw problem(`awaited state ${machine.awaiting} is not a state`);
  for (const s of machine.terminal) if (!known.has(s)) throw problem(`terminal state ${s} is not a state`);
  const seen = new Set<string>();
  for (const t of machine.transitions) {
    if (!known.has(t.from) || !known.has(t.to)) throw problem(`transition ${t.from} → ${t.to} names an unknown state`);
    if (t.by.length === 0) throw problem(`transition ${t.from} → ${t.to} allows no role`);
    if (machine.terminal.includes(t.from)) throw problem(`transition ${t.from} → ${t.to} leaves a terminal state`);
    const key = `${t.from}→${t.to}`;
    if (seen.has(key)) throw problem(`transition ${key} is declared twice`);
    seen.add(key);
  }
  return machine;
}

/** The transition `role` may take from `from` to `to`, or undefined. */
export function findTransition<S extends StateValue>(machine: Machine<S>, from: S, to: S, role: Role): Transition<S> | undefined {
  return machine.transitions.find((t) => t.from === from && t.to === to && t.by.includes(role));
}

/** The first of `roles` (a user may hold several) that may take `from` → `to`, or undefined. */
export function roleFor<S extends StateValue>(machine: Machine<S>, from: S, to: S, roles: readonly Role[]): Role | undefined {
  return roles.find((role) => findTransition(machine, from, to, role) !== undefined);
}

/** Why a change is refused: not a transition the role may take, or one that needs a note and has none. */
export type Refusal = 'refused' | 'noteRequired';

export type TransitionCheck<S extends StateValue> = { ok: true; transition: Transition<S> } | { ok: false; refusal: Refusal };

/** Checks one change against the machine: the transition exists for the role, with the note it needs. */
export function checkTransition<S extends StateValue>(
  machine: Machine<S>,
  from: S,
  to: S,
  role: Role,
  note?: string | null,
): TransitionCheck<S> {
  const transition = findTransition(machine, from, to, role);
  if (!transition) return { ok: false, refusal: 'refused' };
  if (transition.noteRequired && !note?.trim()) return { ok: false, refusal: 'noteRequired' };
  return { ok: true, transition };
}

/** The transitions `role` may take from `from` (what a screen offers). */
export function nextTransitions<S extends StateValue>(machine: Machine<S>, from: S, role: Role): Transition<S>[] {
  return machine.transitions.filter((t) => t.from === from && t.by.includes(role));
}

export function isTerminal<S extends StateValue>(machine: Machine<S>, state: S): boolean {
  return machine.terminal.includes(state);
}

/** The state a stored value (history rows keep states as text) stands for, or null. */
export function parseState<S extends StateValue>(machine: Machine<S>, stored: string | null): S | null {
  if (stored === null) return null;
  return machine.states.find((s) => String(s) === stored) ?? null;
}
