import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentSession } from '../../src/app/document-session';
import { newScene } from '../../src/app/presets';
import { StateActions, isBlankGraph, problemsByGraph, problemsText, newStateGraph, shownAfterMove, stateNameProblem, ticksInSeconds, type StateHost } from '../../src/app/state-actions';
import { ANY_STATE } from '../../src/document/graphs';
import type { AgentType } from '../../src/document/types';

/** A host over a document session, as the app is. */
function host(): StateHost & { session: DocumentSession } {
  const session = new DocumentSession(newScene());
  return {
    session,
    typeId: 'agent',
    stateIndex: 0,
    stateView: false,
    notice: null,
    get doc() {
      return session.doc;
    },
    apply(edit, mergeKey) {
      session.apply(edit, mergeKey);
    },
  };
}

const names = (h: StateHost) => h.doc.agentTypes[0].states.map((s) => s.name);

/** Answers the next confirmations with `answer`, counting them. */
function confirming(answer: boolean) {
  const confirm = vi.fn(() => answer);
  vi.stubGlobal('window', { confirm });
  return confirm;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('state names', () => {
  const type = { states: [{ name: 'idle' }, { name: 'flee' }] } as AgentType;
  it('says why a name cannot be, and null when it can (its own name included)', () => {
    expect(stateNameProblem(type, 1, 'chase')).toBeNull();
    expect(stateNameProblem(type, 1, 'flee')).toBeNull();
    expect(stateNameProblem(type, 1, 'idle')).toBe('“idle” is already a state of this type: names are unique.');
    expect(stateNameProblem(type, 1, '')).toBe('A state needs a name.');
    expect(stateNameProblem(type, 1, '2fast')).toMatch(/^Not a state name: a name is a letter or _/);
    expect(stateNameProblem(type, 1, 'a b')).toMatch(/^Not a state name/);
    expect(stateNameProblem(type, 1, 'x'.repeat(65))).toMatch(/^Not a state name/);
  });

  it('tells ticks in seconds at 60 ticks per second', () => {
    expect(ticksInSeconds(90)).toBe('90 ticks = 1.5 s');
    expect(ticksInSeconds(1)).toBe('1 tick = 0.02 s');
    expect(ticksInSeconds(0)).toBe('0 ticks = 0 s');
  });

  it('keeps the shown state shown when a state moves', () => {
    // order a b c d; b (1) moves to 3: a c d b
    expect(shownAfterMove(1, 1, 3)).toBe(3);
    expect(shownAfterMove(2, 1, 3)).toBe(1);
    expect(shownAfterMove(3, 1, 3)).toBe(2);
    expect(shownAfterMove(0, 1, 3)).toBe(0);
    // d (3) moves to 0: d a b c
    expect(shownAfterMove(0, 3, 0)).toBe(1);
    expect(shownAfterMove(2, 3, 0)).toBe(3);
  });

  it('counts a graph of just the Agent Output as blank', () => {
    expect(isBlankGraph(newStateGraph())).toBe(true);
    expect(isBlankGraph({ nodes: [], connections: [] })).toBe(true);
    expect(isBlankGraph({ ...newStateGraph(), nodes: [...newStateGraph().nodes, { id: 'w', kind: 'wander', params: {}, position: [0, 0] }] })).toBe(false);
  });
});

describe('problems by graph', () => {
  it('counts each graph’s errors and warnings of one type', () => {
    const by = problemsByGraph(
      [
        { severity: 'error', agentType: 't', message: 'a' },
        { severity: 'warning', agentType: 't', state: 0, message: 'b' },
        { severity: 'error', agentType: 't', state: 2, message: 'c' },
        { severity: 'error', agentType: 't', state: ANY_STATE, message: 'd' },
        { severity: 'error', agentType: 'u', state: 2, message: 'e' },
      ],
      't',
    );
    expect([...by]).toEqual([
      [0, { errors: 1, warnings: 1 }],
      [2, { errors: 1, warnings: 0 }],
      [ANY_STATE, { errors: 1, warnings: 0 }],
    ]);
    expect(problemsText({ errors: 2, warnings: 1 })).toBe('2 errors, 1 warning in this graph');
    expect(problemsText({ errors: 0, warnings: 3 })).toBe('3 warnings in this graph');
  });
});

describe('the states’ actions', () => {
  it('adds fresh states with just an Agent Output and shows each; one undo step each', () => {
    const h = host();
    const a = new StateActions(h);
    expect(a.hasAnyTab()).toBe(false);
    a.add();
    a.add();
    expect(names(h)).toEqual(['default', 'state', 'state-2']);
    expect(h.stateIndex).toBe(2);
    expect(h.doc.agentTypes[0].states[2].graph).toEqual(newStateGraph());
    expect(a.hasAnyTab()).toBe(true);
    h.session.history.undo();
    expect(names(h)).toEqual(['default', 'state']);
  });

  it('renames, or gives the problem and changes nothing', () => {
    const h = host();
    const a = new StateActions(h);
    a.add();
    const before = h.doc;
    expect(a.rename(1, 'default')).toMatch(/already a state/);
    expect(a.rename(1, 'no way')).toMatch(/^Not a state name/);
    expect(a.rename(1, 'state')).toBeNull();
    expect(h.doc).toBe(before);
    expect(a.rename(1, 'flee')).toBeNull();
    expect(names(h)).toEqual(['default', 'flee']);
  });

  it('deletes a blank state at once, asks for one with nodes, never deletes the last; the shown state follows', () => {
    const h = host();
    const a = new StateActions(h);
    a.add();
    a.add();
    let confirm = confirming(false);
    h.stateIndex = 2;
    a.remove(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(names(h)).toEqual(['default', 'state-2']);
    expect(h.stateIndex).toBe(1);
    // the first state holds the starter's nodes: asked, declined
    a.remove(0);
    expect(confirm).toHaveBeenCalledOnce();
    expect(confirm.mock.calls[0]).toEqual([expect.stringMatching(/^Delete the state “default” and its graph of \d+ nodes\?/)]);
    expect(names(h)).toEqual(['default', 'state-2']);
    confirm = confirming(true);
    a.remove(0);
    expect(names(h)).toEqual(['state-2']);
    expect(h.stateIndex).toBe(0);
    a.remove(0);
    expect(names(h)).toEqual(['state-2']);
  });

  it('leaves the any-state graph for the first state when the type drops to one state', () => {
    const h = host();
    const a = new StateActions(h);
    a.add();
    a.show(ANY_STATE);
    a.remove(1);
    expect(h.stateIndex).toBe(0);
  });

  it('moves states, keeping the shown one shown', () => {
    const h = host();
    const a = new StateActions(h);
    a.add();
    a.add();
    h.stateIndex = 2;
    a.move(2, 0);
    expect(names(h)).toEqual(['state-2', 'default', 'state']);
    expect(h.stateIndex).toBe(0);
    a.move(0, 3);
    expect(names(h)).toEqual(['state-2', 'default', 'state']);
  });

  it('sets the minimum time as one undo step however it is typed, and reset on enter', () => {
    const h = host();
    const a = new StateActions(h);
    a.add();
    a.setMinTicks(1, 9);
    a.setMinTicks(1, 90);
    a.setResetOnEnter(1, true);
    expect(h.doc.agentTypes[0].states[1]).toMatchObject({ minTicks: 90, resetOnEnter: true });
    h.session.history.undo();
    h.session.history.undo();
    expect(h.doc.agentTypes[0].states[1].minTicks).toBeUndefined();
    // not whole ticks: no change
    const before = h.doc;
    a.setMinTicks(1, 1.5);
    expect(h.doc).toBe(before);
  });

  it('shows a state, leaving the state view when asked', () => {
    const h = host();
    const a = new StateActions(h);
    a.toggleView();
    expect(h.stateView).toBe(true);
    a.show(0);
    expect(h.stateView).toBe(true);
    a.show(0, true);
    expect(h.stateView).toBe(false);
  });
});
