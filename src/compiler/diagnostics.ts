import { quote } from '../document/errors';

/** A problem in a scene, for the designer: shown on the node it concerns and in the problems list. */
export interface Diagnostic {
  /** Errors make the agent type compile to a zero force; warnings do not. */
  severity: 'error' | 'warning';
  /** The agent type's id; WORLD ('') for a problem of the world itself (a wall: see `wall`). */
  agentType: string;
  /** For a problem of the world: the wall concerned (its id), when there is one. */
  wall?: string;
  /**
   * Which of the type's graphs, when it has several (states, an any-state graph): the state's index,
   * or -1 for the any-state graph (ANY_STATE). Absent: the type's one graph.
   */
  state?: number;
  /** The node concerned, when there is one. */
  nodeId?: string;
  /** For a problem inside a group the node `nodeId` uses: the inner node's id within the group (`a`, or `sub/a` in a nested group). */
  inner?: string;
  /** The port or parameter concerned, when there is one. */
  port?: string;
  /** JSON path into the document: `agentTypes[0].states[0].graph.nodes[2].params.slowingRadius`. */
  path?: string;
  /** One sentence a designer understands. */
  message: string;
  /**
   * For a warning that one parameter change fixes (src/compiler/physics.ts): the parameter values
   * that fix it on that node, and what the fix button says ("set slowing radius to 85 px").
   */
  fix?: { label: string; params: Record<string, number | boolean> };
}

/** The `agentType` of a diagnostic about the world rather than a type's graph (src/compiler/world.ts). */
export const WORLD = '';

/**
 * Diagnostics one stage reports about one graph (or the world's walls), at most: a graph of 2,000 nodes with a hundred
 * unknown parameters each would otherwise give 200,000 of them (seconds to make, and more than
 * anyone reads). Past it, the stage adds one line counting the rest ({@link GraphBudget}).
 */
export const MAX_DIAGNOSTICS_PER_GRAPH = 100;

/**
 * The diagnostics a stage may still add for one graph. `add` pushes one, or counts it once the
 * budget is spent (check `full` first where making the message costs); `finish` adds the line
 * counting the rest, an error when one of them was an error, so the graph still fails to compile.
 */
export class GraphBudget {
  private readonly start: number;
  private dropped = 0;
  private droppedErrors = 0;

  constructor(
    private readonly out: Diagnostic[],
    private readonly agentType: string,
    private readonly path: string,
    private readonly where: { state?: number } = {},
    /** What the budget is for, in the line counting the rest. */
    private readonly what = 'this graph',
  ) {
    this.start = out.length;
  }

  get full(): boolean {
    return this.out.length - this.start >= MAX_DIAGNOSTICS_PER_GRAPH;
  }

  /** Counts a diagnostic that is not made because the budget is spent. */
  skip(severity: Diagnostic['severity']): void {
    this.dropped++;
    if (severity === 'error') this.droppedErrors++;
  }

  add(d: Diagnostic): void {
    if (this.full) this.skip(d.severity);
    else this.out.push(d);
  }

  finish(): void {
    if (!this.dropped) return;
    const n = this.dropped.toLocaleString('en-US');
    this.out.push({
      severity: this.droppedErrors ? 'error' : 'warning',
      agentType: this.agentType,
      ...this.where,
      path: this.path,
      message: `… and ${n} more problem${this.dropped === 1 ? '' : 's'} in ${this.what} (the first ${MAX_DIAGNOSTICS_PER_GRAPH} are listed)`,
    });
  }
}

/** Whether any diagnostic is an error. */
export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === 'error');
}

/** A document's text for a message: quoted as JSON, escaped by the loader's one escaping function. */
export { quote };

/** An id or port as written, when it is a plain name; quoted (see {@link quote}) when not. */
function name(text: string): string {
  return /^[A-Za-z0-9_-]*$/.test(text) ? text : quote(text);
}

/**
 * One line per diagnostic, as the CLI prints them: `error agentTypes[0].graph.nodes[2] (sheep/n3): message`,
 * then the fix when there is one (`… Fix: set slowing radius to 85 px.`); one of the world reads
 * `warning world.walls[3] (wall w4): message`.
 * A port taken from a connection may be any text; it is quoted then.
 */
export function formatDiagnostic(d: Diagnostic): string {
  if (d.agentType === WORLD) return `${d.severity} ${d.path ?? 'world'} (${d.wall !== undefined ? `wall ${name(d.wall)}` : 'world'}): ${d.message}`;
  const where = d.path ?? `agentTypes(${name(d.agentType)})`;
  const type = name(d.agentType);
  const who = d.nodeId ? ` (${type}/${name(d.nodeId)}${d.port ? `.${name(d.port)}` : ''})` : ` (${type})`;
  return `${d.severity} ${where}${who}: ${d.message}${d.fix ? ` Fix: ${d.fix.label}.` : ''}`;
}
