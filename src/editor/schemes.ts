/**
 * The Rete view model: a Rete node per document node, carrying its definition, parameter values and
 * diagnostics. It is a view of the document (contract 1): never edited except from the document.
 */
import { ClassicPreset, type GetSchemes } from 'rete';
import { getNodeDef, inputPorts, isParamInput, paramDefs } from '../../nodes/index';
import { nodeDefIn } from '../document/group-def';
import type { NodeDef, ParamDef, PortDef, SocketType } from '../../nodes/types';
import type { Diagnostic } from '../compiler/diagnostics';
import { GROUP_IN, GROUP_KIND, GROUP_OUT, type GraphNode, type ParamValue, type SceneDocument } from '../document/types';
import { REROUTE_KIND, rerouteDef } from '../../nodes/reroute';
import { HEADER_HEIGHT, NODE_WIDTH, PADDING, PARAM_HEIGHT, REROUTE_WIDTH, ROW_HEIGHT, SLOT_PAD_HEIGHT } from './theme';
import type { LitArea2D } from '@retejs/lit-plugin';
import type { MinimapExtra } from 'rete-minimap-plugin';

/** A socket of a type: the type travels with the socket for drag highlighting and checks. */
export class TypedSocket extends ClassicPreset.Socket {
  constructor(readonly type: SocketType) {
    super(type);
  }
}

const SOCKETS = new Map<SocketType, TypedSocket>();
/** The shared socket object of a type. */
export function socketOf(type: SocketType): TypedSocket {
  let s = SOCKETS.get(type);
  if (!s) SOCKETS.set(type, (s = new TypedSocket(type)));
  return s;
}

/** What a node element asks of the editor: edits, and the scene for its selects. */
export interface NodeHost {
  setParam(nodeId: string, key: string, value: ParamValue | undefined, mergeKey?: string): void;
  scene(): SceneDocument;
  typeId(): string;
  /** Exposes a number parameter as a new parameter of the agent type, or as `name`, one it has (one undoable edit). */
  expose(nodeId: string, key: string, name?: string): void;
  /** Un-exposes a parameter: it takes a literal again (one undoable edit). */
  unexpose(nodeId: string, key: string): void;
  /** Shows the agent type's parameter `name` in the Parameters panel. */
  showTypeParam(name: string): void;
  /** Collapses the node, or expands it (one undoable edit). */
  toggleCollapsed(nodeId: string): void;
}

const NOT_EXPOSED: Readonly<Record<string, string>> = Object.freeze({});

/** Whether nodes of this kind take their definition from the node itself (nodeDefIn): group uses, a group's boundary, reroutes. */
export function hasOwnDef(kind: string): boolean {
  return kind === GROUP_KIND || kind === GROUP_IN || kind === GROUP_OUT || kind === REROUTE_KIND;
}

/** One graph node in the editor. */
export class SteerNode extends ClassicPreset.Node {
  kind: string;
  def: NodeDef | undefined;
  params: Record<string, ParamValue>;
  paramDefs: ParamDef[] = [];
  /** Every input port (the parameters' number inputs too: wiring checks these). */
  inputDefs: PortDef[] = [];
  /** The inputs drawn as rows of their own: not a parameter's input (drawn on the parameter's row). */
  rowInputs: PortDef[] = [];
  /** The keys of the inputs connected in the document (a driven parameter's field is disabled). */
  wired: ReadonlySet<string> = new Set();
  diagnostics: Diagnostic[] = [];
  /** The exposed parameters (the document's `exposed`): parameter key → the type parameter's name. */
  exposed: Readonly<Record<string, string>> = NOT_EXPOSED;
  /** Bypassed (the document's `muted`): drawn dimmed with a tag. */
  muted = false;
  /** The document's `collapsed`: only the header and the connected sockets are drawn. */
  collapsed = false;
  /** The document's `hideUnconnected`: a variadic node draws its connected inputs and one free one. */
  hideUnconnected = false;
  /** The keys of the outputs connected in the document (a collapsed node draws only those). */
  wiredOutputs: ReadonlySet<string> = new Set();
  /** The colour of this node's arrow while the inspector follows an agent of this graph ('' : none). */
  probeColor = '';
  width = NODE_WIDTH;
  height = 80;
  selected = false;

  constructor(
    node: GraphNode,
    readonly host: NodeHost,
  ) {
    // (a group use's sockets and parameters are its group's, from the scene: group-def.ts; a reroute's carry its type)
    const def = node.kind === REROUTE_KIND ? rerouteDef(node.params.type) : hasOwnDef(node.kind) ? nodeDefIn(host.scene(), node) : getNodeDef(node.kind);
    super(def?.label ?? node.kind);
    this.id = node.id;
    this.kind = node.kind;
    this.def = def;
    this.params = node.params;
    this.muted = node.muted === true;
    this.collapsed = node.collapsed === true;
    this.hideUnconnected = node.hideUnconnected === true;
    this.setExposed(node.exposed);
    if (def?.layout) this.width = REROUTE_WIDTH;
    for (const p of def?.outputs ?? []) this.addOutput(p.key, new ClassicPreset.Output(socketOf(p.type), p.label, true));
    this.setParams(node.params);
  }

  /** Takes the document's exposed parameters; returns whether they changed. */
  setExposed(exposed: Readonly<Record<string, string>> | undefined): boolean {
    const next = exposed ?? NOT_EXPOSED;
    if (next === this.exposed) return false;
    this.exposed = next;
    return true;
  }

  /** Takes new parameter values; rebuilds the inputs when their number changed. Returns whether anything changed. */
  setParams(params: Record<string, ParamValue>): boolean {
    const def = this.def;
    // Documents are immutable: the same params object is the same values (a node without inputs
    // used to count as changed every time, so every edit redrew every Point and Wander).
    const changed = params !== this.params;
    this.params = params;
    if (!def) return changed;
    this.paramDefs = paramDefs(def, params);
    const ports = inputPorts(def, params);
    const same = ports.length === this.inputDefs.length && ports.every((p, k) => p.key === this.inputDefs[k].key);
    if (!same) {
      for (const key of Object.keys(this.inputs)) if (!ports.some((p) => p.key === key)) this.removeInput(key);
      ports.forEach((p, k) => {
        if (!this.hasInput(p.key)) {
          const input = new ClassicPreset.Input(socketOf(p.type), p.label, false);
          input.index = k;
          this.addInput(p.key, input);
        }
      });
      this.inputDefs = ports;
      this.rowInputs = ports.filter((p) => !isParamInput(def, params, p.key));
    }
    this.height = estimateHeight(this);
    return changed || !same;
  }
}

/** Takes the node's connected inputs from the document; returns whether a driven parameter changed. */
export function setWired(n: SteerNode, keys: ReadonlySet<string>): boolean {
  const before = n.wired;
  n.wired = keys;
  return n.paramDefs.some((p) => p.type === 'number' && p.input === true && before.has(p.key) !== keys.has(p.key));
}

/**
 * Takes the document's collapse flags and the connected outputs; returns whether what the node
 * draws changed (then its height is worked out again).
 */
export function setLayout(n: SteerNode, node: Pick<GraphNode, 'collapsed' | 'hideUnconnected'>, wiredOutputs: ReadonlySet<string>): boolean {
  n.collapsed = node.collapsed === true;
  n.hideUnconnected = node.hideUnconnected === true;
  n.wiredOutputs = wiredOutputs;
  const key = [...shownOutputs(n), ...shownRowInputs(n), ...shownParams(n)].map((p) => p.key).join('\u0000') + (n.collapsed ? '!' : '');
  const before = drawnKeys.get(n);
  if (before === key) return false;
  drawnKeys.set(n, key);
  n.height = estimateHeight(n);
  return before !== undefined;
}

/** What each node drew last (setLayout). */
const drawnKeys = new WeakMap<SteerNode, string>();

/** The outputs drawn: all, or on a collapsed node the connected ones. */
export function shownOutputs(n: SteerNode): PortDef[] {
  const outputs = n.def?.outputs ?? [];
  return n.collapsed ? outputs.filter((p) => n.wiredOutputs.has(p.key)) : outputs;
}

/**
 * The inputs drawn as rows: on a collapsed node the connected inputs (a driven parameter's too);
 * with hidden unconnected inputs, a variadic node's connected ones and its first free one;
 * otherwise every input that is not a parameter's.
 */
export function shownRowInputs(n: SteerNode): PortDef[] {
  if (n.collapsed) return n.inputDefs.filter((p) => n.wired.has(p.key));
  const v = n.def?.variadic;
  if (!n.hideUnconnected || !v) return n.rowInputs;
  let free = false;
  return n.rowInputs.filter((p) => {
    if (n.wired.has(p.key) || !p.key.startsWith(v.prefix)) return true;
    if (free) return false;
    return (free = true);
  });
}

/** The parameter rows drawn: none on a collapsed node. */
export function shownParams(n: SteerNode): ParamDef[] {
  return n.collapsed ? [] : n.paramDefs.filter((p) => isParamVisible(n, p));
}

/** Whether a parameter is shown: one with `when` only while that switch has the given value. */
export function isParamVisible(n: SteerNode, p: ParamDef): boolean {
  if ((p.type !== 'number' && p.type !== 'offsets') || !p.when) return true;
  const sw = n.paramDefs.find((q) => q.key === p.when!.key);
  const value = Object.hasOwn(n.params, p.when.key) ? n.params[p.when.key] : sw?.default;
  return value === p.when.value;
}

/** A parameter row's height: a slot pad's is taller. */
export function paramHeight(p: ParamDef): number {
  return p.type === 'offsets' ? SLOT_PAD_HEIGHT : PARAM_HEIGHT;
}

/** The node's height from its rows (the node element uses the same constants). */
export function estimateHeight(n: SteerNode): number {
  if (n.def?.layout) return ROW_HEIGHT;
  const outputs = shownOutputs(n).length;
  const params = shownParams(n).reduce((h, p) => h + paramHeight(p), 0);
  return HEADER_HEIGHT + PADDING * 2 + (outputs + shownRowInputs(n).length) * ROW_HEIGHT + params;
}

/**
 * Where Rete measures a socket's centre, from its node's top-left corner, computed from the node's
 * fixed layout instead of read from the page: the header, the body's padding, then one row per
 * output and then per input (node-element.ts), measured in whole pixels inside the node's 1.5 px
 * border as Rete's `getElementCenter` reads them; a parameter's number input sits at the middle of
 * its parameter's row, after them. Null for a port the node does not have. A browser test checks
 * it against the page for every kind of node.
 */
export function socketCentre(n: SteerNode, side: 'input' | 'output', key: string): { x: number; y: number } | null {
  // (a reroute: one row, its input on the left end and its output on the right)
  if (n.def?.layout) return (side === 'output' ? n.def.outputs : n.def.inputs).some((p) => p.key === key) ? { x: side === 'output' ? REROUTE_WIDTH - 1 : 1, y: 1 + ROW_HEIGHT / 2 } : null;
  const outputs = shownOutputs(n);
  const rows = shownRowInputs(n);
  const k = side === 'output' ? outputs.findIndex((p) => p.key === key) : rows.findIndex((p) => p.key === key);
  if (k < 0 && side === 'input' && n.inputDefs.some((p) => p.key === key)) {
    const shown = shownParams(n);
    const j = shown.findIndex((p) => p.key === key);
    if (j < 0) return null;
    const above = shown.slice(0, j).reduce((h, p) => h + paramHeight(p), 0);
    return { x: 1, y: HEADER_HEIGHT + PADDING + 1 + (outputs.length + rows.length) * ROW_HEIGHT + above + PARAM_HEIGHT / 2 };
  }
  if (k < 0) return null;
  const row = side === 'output' ? k : outputs.length + k;
  return { x: side === 'output' ? NODE_WIDTH - 1 : 1, y: HEADER_HEIGHT + PADDING + 1 + row * ROW_HEIGHT + ROW_HEIGHT / 2 };
}

/** A connection between two node ports (port keys are plain strings, checked by the registry). */
export class Connection extends ClassicPreset.Connection<ClassicPreset.Node, ClassicPreset.Node> {}

export type Schemes = GetSchemes<SteerNode, Connection>;

/** The area's extra signals: the Lit renderer's and the minimap's. */
export type AreaExtra = LitArea2D<Schemes> | MinimapExtra;
