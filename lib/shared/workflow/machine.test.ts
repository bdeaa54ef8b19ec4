import {
  checkTransition,
  defineMachine,
  feedbackMachine,
  findTransition,
  isTerminal,
  nextTransitions,
  orderMachine,
  ORDER_STATUS,
  parseState,
  REQUEST_STATUS,
  requestMachine,
  WORKFLOWS,
} from '.';

describe('the workflow machines', () => {
  it('allows a transition only to the roles it names', () => {
    expect(findTransition(orderMachine, ORDER_STATUS.SUBMITTED, ORDER_STATUS.CANCELLED, 'owner')).toBeDefined();
    expect(findTransition(orderMachine, ORDER_STATUS.SUBMITTED, ORDER_STATUS.CANCELLED, 'system')).toBeUndefined();
    expect(findTransition(orderMachine, ORDER_STATUS.IN_PRODUCTION, ORDER_STATUS.READY, 'system')).toBeDefined();
    expect(findTransition(orderMachine, ORDER_STATUS.IN_PRODUCTION, ORDER_STATUS.READY, 'admin')).toBeUndefined();
    expect(findTransition(requestMachine, REQUEST_STATUS.PENDING, REQUEST_STATUS.WITHDRAWN, 'owner')).toBeDefined();
    expect(findTransition(requestMachine, REQUEST_STATUS.PENDING, REQUEST_STATUS.WITHDRAWN, 'admin')).toBeUndefined();
    expect(findTransition(requestMachine, REQUEST_STATUS.PENDING, REQUEST_STATUS.APPROVED, 'owner')).toBeUndefined();
    expect(findTransition(feedbackMachine, 'received', 'replied', 'admin')).toBeDefined();
    expect(findTransition(feedbackMachine, 'received', 'replied', 'owner')).toBeUndefined();
  });

  it('refuses what is not declared, and a transition that needs a note without one', () => {
    expect(checkTransition(orderMachine, ORDER_STATUS.SUBMITTED, ORDER_STATUS.READY, 'admin')).toEqual({ ok: false, refusal: 'refused' });
    expect(checkTransition(orderMachine, ORDER_STATUS.SUBMITTED, ORDER_STATUS.REJECTED, 'admin', '  ')).toEqual({
      ok: false,
      refusal: 'noteRequired',
    });
    const rejected = checkTransition(orderMachine, ORDER_STATUS.SUBMITTED, ORDER_STATUS.REJECTED, 'admin', 'out of area');
    expect(rejected.ok && rejected.transition).toMatchObject({
      from: ORDER_STATUS.SUBMITTED,
      to: ORDER_STATUS.REJECTED,
      noteRequired: true,
    });
    expect(checkTransition(requestMachine, REQUEST_STATUS.PENDING, REQUEST_STATUS.REJECTED, 'admin', null).ok).toBe(false);
    // A note given where none is needed is kept, not refused.
    expect(checkTransition(requestMachine, REQUEST_STATUS.PENDING, REQUEST_STATUS.APPROVED, 'admin', 'fine').ok).toBe(true);
  });

  it('lets nothing leave a terminal state', () => {
    for (const machine of Object.values(WORKFLOWS)) {
      const states: readonly (string | number)[] = machine.states;
      for (const terminal of machine.terminal as readonly (string | number)[]) {
        expect(states).toContain(terminal);
        expect(machine.transitions.filter((t) => t.from === terminal)).toEqual([]);
      }
    }
    expect(isTerminal(orderMachine, ORDER_STATUS.COMPLETED)).toBe(true);
    expect(isTerminal(orderMachine, ORDER_STATUS.FAILED)).toBe(false);
    expect(nextTransitions(orderMachine, ORDER_STATUS.EXPIRED, 'admin')).toEqual([]);
    for (const status of [REQUEST_STATUS.APPROVED, REQUEST_STATUS.REJECTED, REQUEST_STATUS.WITHDRAWN])
      expect(isTerminal(requestMachine, status)).toBe(true);
  });

  it('offers each role the transitions it may take now', () => {
    expect(nextTransitions(orderMachine, ORDER_STATUS.SUBMITTED, 'admin').map((t) => t.to)).toEqual([
      ORDER_STATUS.IN_PRODUCTION,
      ORDER_STATUS.REJECTED,
      ORDER_STATUS.CANCELLED,
    ]);
    expect(nextTransitions(orderMachine, ORDER_STATUS.READY, 'owner').map((t) => t.to)).toEqual([
      ORDER_STATUS.IN_PRODUCTION,
      ORDER_STATUS.COMPLETED,
    ]);
    expect(nextTransitions(feedbackMachine, 'replied', 'admin').map((t) => t.to)).toEqual(['replied']);
  });

  it('reads a state back from its stored text', () => {
    expect(parseState(orderMachine, '3')).toBe(ORDER_STATUS.READY);
    expect(parseState(orderMachine, '9')).toBeNull();
    expect(parseState(orderMachine, null)).toBeNull();
    expect(parseState(feedbackMachine, 'replied')).toBe('replied');
  });

  it('refuses a machine that contradicts itself', () => {
    const base = { id: 'probe', states: ['a', 'b'], initial: 'a', dictionary: 'PROBE', terminal: ['b'] } as const;
    expect(() => defineMachine({ ...base, transitions: [{ from: 'a', to: 'b', by: ['admin'] }] })).not.toThrow();
    expect(() => defineMachine({ ...base, transitions: [{ from: 'b', to: 'a', by: ['admin'] }] })).toThrow(/leaves a terminal state/);
    expect(() => defineMachine({ ...base, transitions: [{ from: 'a', to: 'c' as 'b', by: ['admin'] }] })).toThrow(/unknown state/);
    expect(() => defineMachine({ ...base, transitions: [{ from: 'a', to: 'b', by: [] }] })).toThrow(/no role/);
    expect(() =>
      defineMachine({
        ...base,
        transitions: [
          { from: 'a', to: 'b', by: ['admin'] },
          { from: 'a', to: 'b', by: ['owner'] },
        ],
      }),
    ).toThrow(/declared twice/);
    expect(() => defineMachine({ ...base, initial: 'z' as 'a', transitions: [] })).toThrow(/initial/);
  });

  it('names every workflow by the id its history rows carry', () => {
    for (const [id, machine] of Object.entries(WORKFLOWS)) expect(machine.id).toBe(id);
  });
});
