/**
 * The states' actions, shared by the state bar (state-bar.ts) and the state view (state-view.ts):
 * show a state's graph, add, rename, delete, reorder, minimum time and reset on enter. Each edit is
 * one undoable edit of the host's document (src/document/state-commands.ts); the graph shown
 * follows the state acted on.
 */
import { isSink, sinkKind } from '../../nodes/index';
import type { Diagnostic } from '../compiler/diagnostics';
import type { Edit } from '../document/commands';
import { ANY_STATE } from '../document/graphs';
import { LIMITS } from '../document/schema';
import { addState, freshStateName, moveState, removeState, renameState, updateState } from '../document/state-commands';
import { ID_PATTERN, type AgentType, type Graph, type SceneDocument } from '../document/types';
import { ID_RULE } from './type-panel';

/** The simulation's rate: what a number of ticks is in seconds, said beside the field. */
export const TICKS_PER_SECOND = 60;

/** What the actions read and edit: the open document, the type and graph shown, and the way edits go in. */
export interface StateHost {
  readonly doc: SceneDocument;
  readonly typeId: string;
  /** The graph the editor shows: a state's index, or ANY_STATE. */
  stateIndex: number;
  /** Whether the state view replaces the node canvas. */
  stateView: boolean;
  notice: string | null;
  apply(edit: Edit, mergeKey?: string): void;
}

/** The graph a new state starts with: just an Agent Output. */
export function newStateGraph(): Graph {
  return { nodes: [{ id: 'out', kind: sinkKind(), params: {}, position: [400, 200] }], connections: [] };
}

/** Whether a graph holds nothing a user made: no node, or only the Agent Output a new state starts with. */
export function isBlankGraph(g: Graph): boolean {
  return g.nodes.length === 0 || (g.nodes.length === 1 && isSink(g.nodes[0].kind) && g.connections.length === 0);
}

/** Why state `index` of `type` cannot be called `name`, or null when it can (its own name included). */
export function stateNameProblem(type: AgentType, index: number, name: string): string | null {
  if (name === '') return 'A state needs a name.';
  if (!ID_PATTERN.test(name)) return `Not a state name: ${ID_RULE.replace(/^an id/, 'a name')}.`;
  const k = type.states.findIndex((s) => s.name === name);
  return k >= 0 && k !== index ? `“${name}” is already a state of this type: names are unique.` : null;
}

/** "90 ticks = 1.5 s": a number of ticks and the time it takes at the simulation's rate. */
export function ticksInSeconds(ticks: number): string {
  const s = ticks / TICKS_PER_SECOND;
  return `${ticks} tick${ticks === 1 ? '' : 's'} = ${Number(s.toFixed(2))} s`;
}

/** The problems of each graph of a type (by state index, ANY_STATE for the any-state graph): how many errors and warnings. */
export function problemsByGraph(diagnostics: readonly Diagnostic[], typeId: string): Map<number, { errors: number; warnings: number }> {
  const by = new Map<number, { errors: number; warnings: number }>();
  for (const d of diagnostics) {
    if (d.agentType !== typeId) continue;
    const k = d.state ?? 0;
    const c = by.get(k) ?? { errors: 0, warnings: 0 };
    if (d.severity === 'error') c.errors++;
    else c.warnings++;
    by.set(k, c);
  }
  return by;
}

/** "2 errors, 1 warning in this graph". */
export function problemsText(c: { errors: number; warnings: number }): string {
  const part = (n: number, what: string) => (n ? `${n} ${what}${n === 1 ? '' : 's'}` : '');
  return `${[part(c.errors, 'error'), part(c.warnings, 'warning')].filter(Boolean).join(', ')} in this graph`;
}

/** Where the shown state goes when state `from` moves to `to` (the shown state stays shown). */
export function shownAfterMove(shown: number, from: number, to: number): number {
  if (shown === from) return to;
  if (from < shown && to >= shown) return shown - 1;
  if (from > shown && to <= shown) return shown + 1;
  return shown;
}

/** The states' actions on a host's document, for its selected type. */
export class StateActions {
  constructor(private host: StateHost) {}

  /** The selected type. */
  type(): AgentType | undefined {
    return this.host.doc.agentTypes.find((t) => t.id === this.host.typeId);
  }

  /** Whether the type shows its "Any state" graph: it has two states or more, or already has one. */
  hasAnyTab(t = this.type()): boolean {
    return !!t && (t.states.length > 1 || !!t.anyState);
  }

  /** Shows a state's graph (ANY_STATE: the any-state graph); `leaveView`: the node canvas again. */
  show(index: number, leaveView = false): void {
    this.host.stateIndex = index;
    if (leaveView) this.host.stateView = false;
  }

  toggleView(): void {
    this.host.stateView = !this.host.stateView;
  }

  /** Adds a state at the end ("state", "state-2", …, with just an Agent Output) and shows it. */
  add(): void {
    const t = this.type();
    if (!t) return;
    if (t.states.length >= LIMITS.statesPerType) {
      this.host.notice = `Not done: an agent type holds at most ${LIMITS.statesPerType} states.`;
      return;
    }
    const name = freshStateName(t);
    this.host.apply(addState(t.id, { name, graph: newStateGraph() }));
    const k = this.type()?.states.findIndex((s) => s.name === name) ?? -1;
    if (k >= 0) this.host.stateIndex = k;
  }

  /** Renames a state (Go to State nodes that named it follow); the problem, and no change, when the name cannot be. */
  rename(index: number, name: string): string | null {
    const t = this.type();
    if (!t?.states[index]) return null;
    const problem = stateNameProblem(t, index, name);
    if (problem) return problem;
    if (t.states[index].name !== name) this.host.apply(renameState(t.id, index, name));
    return null;
  }

  /** Deletes a state (never the last), once the user confirms when its graph holds nodes they made. */
  remove(index: number): void {
    const t = this.type();
    const s = t?.states[index];
    if (!t || !s || t.states.length <= 1) return;
    if (!isBlankGraph(s.graph) && !window.confirm(`Delete the state “${s.name}” and its graph of ${s.graph.nodes.length} nodes? (Undo brings it back.)`)) return;
    const before = this.host.doc;
    this.host.apply(removeState(t.id, index));
    if (this.host.doc === before) return;
    const shown = this.host.stateIndex;
    if (shown === ANY_STATE) {
      if (!this.hasAnyTab()) this.host.stateIndex = 0;
    } else if (shown >= index) this.host.stateIndex = Math.max(0, shown - 1);
  }

  /** Moves a state to place `to` in the order (place 0: agents start in it); the shown state stays shown. */
  move(index: number, to: number): void {
    const t = this.type();
    if (!t || to < 0 || to >= t.states.length || index === to) return;
    const before = this.host.doc;
    this.host.apply(moveState(t.id, index, to));
    if (this.host.doc !== before && this.host.stateIndex !== ANY_STATE) this.host.stateIndex = shownAfterMove(this.host.stateIndex, index, to);
  }

  /** Sets a state's minimum time in whole ticks (typed key by key: one undo step per field edit). */
  setMinTicks(index: number, ticks: number): void {
    const t = this.type();
    if (t?.states[index]) this.host.apply(updateState(t.id, index, { minTicks: ticks }), `state-min:${t.id}:${index}`);
  }

  setResetOnEnter(index: number, on: boolean): void {
    const t = this.type();
    if (t?.states[index]) this.host.apply(updateState(t.id, index, { resetOnEnter: on }));
  }
}
