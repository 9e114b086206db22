// Over 600 lines, knowingly for now: the shell still holds the autosave wiring, the menus, the keyboard shortcuts and the
// file handling, each to move out in the house issue (15).
import { expose } from '../test-hooks';
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { compile, hasErrors, type Compiled } from '../compiler/index';
import { moduleDeclarations, moduleSource } from '../compiler/module';
import {
  History,
  addAgentType,
  freshId,
  removeAgentType,
  setObstacles,
  setPaths,
  setTargets,
  updateAgentType,
  updateScene,
  updateWorld,
  type Edit,
} from '../document/commands';
import * as commands from '../document/commands';
import { setMuted, setParams } from '../document/commands';
import { fileTooLarge, loadScene, loadSceneFile } from '../document/load';
import { printable } from '../document/errors';
import { serializeScene } from '../document/serialize';
import type { SaveResult } from '../document/storage';
import type { AgentType, SceneDocument } from '../document/types';
import { createEditor, type SteerEditor } from '../editor/editor';
import { DismissController } from '../preview/dismiss-controller';
import { MINIMAP_RATIO, MINIMAP_SIZE } from '../editor/theme';
import { FIX_EVENT, type FixDetail } from '../editor/fix-event';
import { NODE_HELP_EVENT } from '../editor/help-event';
import type { CompareSession, Variant, VariantSceneEditDetail } from './compare';
import type { SteerPreview } from '../preview/preview';
import { hasForceOutput } from '../preview/preview';
import type { SceneEditDetail } from '../preview/preview';
import { insertPathPoint, movePathPoint, removePathPoint } from '../document/commands';
import { typeIdFromName, type TypeChangeDetail, type TypeRenameDetail } from './type-panel';
import { probeColors } from '../preview/inspect';
import type { ProbeSource, ProbeTipTarget } from './inspector';
import { NODE_DRAG_TYPE } from './palette';
import { TabDrafts, tabTitle } from './drafts';
import { PRESETS, defaultScene } from './presets';
import type { WorldChange } from './world-panel';

/** A message box: a title and lines (a file's errors, an export's problems). */
interface Dialog {
  title: string;
  lines: string[];
}

/** Stats the preview reports. */
interface PreviewStats {
  tick: number;
  agents: number;
  msPerTick: number;
  fps: number;
}

const TYPE_COLOURS = ['#5ec8ff', '#ff7a59', '#7ee07e', '#f5c451', '#d99cff', '#ff6fae', '#4fd1c5', '#c0c8d0'];
/** Whether the minimap shows ('0': hidden). */
const MINIMAP_KEY = 'steergraph.minimap';

/** A file name from a scene name: "Sheep & wolves" → "sheep-wolves". */
export function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'scene';
}

/** A blank scene for New: one agent type that wanders. */
export function newScene(): SceneDocument {
  return {
    format: 'steergraph',
    version: 1,
    name: 'Untitled scene',
    description: '',
    world: { width: 800, height: 600, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [newAgentType('agent', 'Agent', TYPE_COLOURS[0])],
  };
}

function newAgentType(id: string, name: string, color: string): AgentType {
  return {
    id,
    name,
    color,
    count: 20,
    mass: 1,
    maxSpeed: 3,
    maxForce: 0.15,
    graph: {
      nodes: [
        { id: 'n1', kind: 'wander', params: {}, position: [0, 0] },
        { id: 'n2', kind: 'agent-output', params: {}, position: [320, 20] },
      ],
      connections: [{ from: ['n1', 'force'], to: ['n2', 'force'] }],
    },
  };
}

/**
 * What the running simulation depends on: the compiled program, the world, the agent types'
 * fields and their nodes' ids (snapshots key node memory by id) — not where nodes sit in the graph.
 */
export function behaviourKey(doc: SceneDocument, compiled: Compiled): string {
  const types = doc.agentTypes.map((t) => ({ ...t, graph: t.graph.nodes.map((n) => n.id) }));
  return `${compiled.programSource}\u0000${JSON.stringify(doc.world)}\u0000${JSON.stringify(types)}`;
}

/** Whether a key event comes from typing in a field (then it is never a graph shortcut). */
export function isTyping(e: Event): boolean {
  const t = e.composedPath()[0];
  return t instanceof HTMLElement && (t.isContentEditable || t.matches('input, textarea, select'));
}

/**
 * The app shell: toolbar, agent-type tabs, graph editor, preview, panels and status line around
 * one open scene document. The document is the truth (contract 1): every edit goes through
 * {@link SteerApp.apply} into the undo history; the editor, the panels, the compiler, the preview
 * and autosave all follow it.
 */
export class SteerApp extends LitElement {
  static properties = {
    doc: { state: true },
    typeId: { state: true },
    compiled: { state: true },
    source: { state: true },
    dirty: { state: true },
    dialog: { state: true },
    menu: { state: true },
    shortcutsOpen: { state: true },
    panel: { state: true },
    probeTip: { state: true },
    helpKind: { state: true },
    followTick: { state: true },
    inspected: { state: true },
    stats: { state: true },
    notice: { state: true },
    editPath: { state: true },
    presetsOpen: { state: true },
    exportOpen: { state: true },
    selection: { state: true },
    compare: { state: true },
    minimapShown: { state: true },
  };

  declare doc: SceneDocument;
  /** Whether the minimap shows (under the canvas); remembered in this browser. */
  declare minimapShown: boolean;
  declare typeId: string;
  declare compiled: Compiled;
  declare source: string;
  declare dirty: boolean;
  declare dialog: Dialog | null;
  declare menu: { x: number; y: number; clientX: number; clientY: number } | null;
  /** Whether the sheet of every shortcut (`?`) is open. */
  declare shortcutsOpen: boolean;
  declare panel: 'type' | 'world' | 'problems' | 'inspect';
  /** The output socket the pointer is over (its live value shows beside it). */
  declare probeTip: ProbeTipTarget | null;
  /** The node kind whose help is open (a node's or the palette's "?"), or null. */
  declare helpKind: string | null;
  /** The preview whose followed agent the inspector shows. */
  declare inspected: ProbeSource | null;
  /** Counts follow changes (the preview object stays the same). */
  declare followTick: number;
  declare stats: PreviewStats | null;
  declare notice: string | null;
  declare editPath: string | null;
  declare presetsOpen: boolean;
  declare exportOpen: boolean;
  declare selection: string[];
  /** A/B compare while it is on (compare.ts): the variant edited and the other one's slot; null otherwise. */
  declare compare: CompareSession | null;

  /** The undo history of the open document (while comparing: of the variant being edited). */
  history: History;
  /** The key of the preset opened last (for tests and the picker). */
  lastPreset = '';
  /** The graph editor (created when the element is first rendered). */
  editor: SteerEditor | undefined;
  private savedDoc: SceneDocument;
  private editorHost: HTMLDivElement;
  private sourceTimer: ReturnType<typeof setTimeout> | undefined;
  private sourceKey = '';
  /** This tab's autosave (drafts.ts). */
  private drafts: TabDrafts;
  private mainWasPlaying = true;

  static styles = css`
    :host {
      display: grid;
      grid-template-rows: 44px minmax(0, 1fr) 26px;
      grid-template-columns: 176px minmax(0, 1fr) minmax(360px, 36%);
      height: 100%;
      background: #111418;
      color: #dde3ea;
      font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    }
    header {
      grid-column: 1 / -1;
      display: flex;
      align-items: center;
      gap: 6px;
      padding: 0 10px;
      background: #171b21;
      border-bottom: 1px solid #252d36;
    }
    .brand {
      font-weight: 700;
      letter-spacing: 0.02em;
      margin-right: 6px;
      color: #ffb347;
    }
    .name {
      background: transparent;
      border: 1px solid transparent;
      color: #e8edf2;
      font: inherit;
      font-weight: 600;
      padding: 3px 6px;
      border-radius: 4px;
      width: 220px;
    }
    .name:hover,
    .name:focus {
      border-color: #39424d;
      background: #0e1115;
    }
    .dirty {
      color: #f5c451;
      font-size: 11px;
      min-width: 60px;
    }
    .spacer {
      flex: 1;
    }
    header button,
    .tabs button,
    .panel-tabs button {
      background: #232b35;
      color: #dde3ea;
      border: 1px solid #343e4a;
      border-radius: 5px;
      padding: 4px 10px;
      font: inherit;
      font-size: 12px;
      cursor: pointer;
    }
    header button:hover:not(:disabled) {
      background: #2d3743;
    }
    button:disabled {
      opacity: 0.4;
      cursor: default;
    }
    .sep {
      width: 1px;
      height: 22px;
      background: #2c343e;
      margin: 0 4px;
    }
    .dropdown {
      position: relative;
    }
    .dropdown-menu {
      position: absolute;
      top: 30px;
      left: 0;
      z-index: 30;
      min-width: 240px;
      max-height: 70vh;
      overflow-y: auto;
      background: #1d232b;
      border: 1px solid #3a4450;
      border-radius: 8px;
      box-shadow: 0 10px 30px rgba(0, 0, 0, 0.55);
      padding: 4px;
    }
    .dropdown-menu button {
      display: block;
      width: 100%;
      text-align: left;
      background: none;
      border: 0;
      padding: 6px 8px;
    }
    .dropdown-menu button:hover {
      background: #2b3440;
    }
    .dropdown-menu small {
      display: block;
      color: #8b97a4;
      white-space: normal;
      max-width: 360px;
    }
    .presets {
      width: 380px;
    }
    steer-palette {
      grid-row: 2;
      grid-column: 1;
    }
    .center {
      grid-row: 2;
      grid-column: 2;
      display: flex;
      flex-direction: column;
      min-width: 0;
      min-height: 0;
    }
    .tabs {
      display: flex;
      align-items: center;
      gap: 4px;
      padding: 6px 8px;
      background: #14181d;
      border-bottom: 1px solid #252d36;
      overflow-x: auto;
    }
    .tab {
      display: inline-flex;
      align-items: center;
      gap: 6px;
    }
    .tab[aria-selected='true'] {
      background: #2f3a47;
      border-color: #5b6b7d;
    }
    .tab .swatch {
      display: inline-block;
      width: 10px;
      height: 10px;
      border-radius: 50%;
    }
    .tab .close {
      border: 0;
      background: none;
      padding: 0 2px;
      color: #8b97a4;
    }
    .graph {
      display: flex;
      flex-direction: column;
      flex: 1;
      min-height: 0;
    }
    .canvas {
      position: relative;
      flex: 1;
      min-height: 0;
    }
    ::slotted([slot='editor']) {
      position: absolute !important;
      inset: 0;
    }
    /* Under the canvas, never over a node: the canvas's buttons and the minimap. */
    .graph-bar {
      display: flex;
      align-items: flex-end;
      justify-content: space-between;
      gap: 8px;
      padding: 6px 8px;
      background: #151a20;
      border-top: 1px solid #252d36;
    }
    .graph-tools {
      display: flex;
      gap: 6px;
    }
    .graph-tools button[aria-pressed='true'] {
      border-color: #5b6b7d;
      background: #2f3a47;
    }
    .minimap-dock {
      position: relative;
      /* the map and its 1 px border */
      width: ${MINIMAP_SIZE * MINIMAP_RATIO + 2}px;
      height: ${MINIMAP_SIZE + 2}px;
    }
    .minimap-dock[hidden] {
      display: none;
    }
    .graph-tools button {
      background: rgba(35, 43, 53, 0.92);
      color: #dde3ea;
      border: 1px solid #343e4a;
      border-radius: 5px;
      padding: 4px 10px;
      font: inherit;
      font-size: 12px;
      cursor: pointer;
    }
    .right {
      grid-row: 2;
      grid-column: 3;
      display: flex;
      flex-direction: column;
      min-height: 0;
      border-left: 1px solid #252d36;
    }
    steer-preview {
      flex: 0 0 56%;
      min-height: 0;
    }
    .panel-tabs {
      display: flex;
      gap: 4px;
      padding: 6px 8px 0;
      border-top: 1px solid #252d36;
      background: #14181d;
    }
    .panel-tabs button[aria-selected='true'] {
      background: #2f3a47;
    }
    .panel {
      flex: 1;
      overflow-y: auto;
      min-height: 0;
      background: #15191e;
    }
    footer {
      grid-column: 1 / -1;
      display: flex;
      align-items: center;
      gap: 14px;
      padding: 0 12px;
      font-size: 11px;
      color: #9aa6b2;
      background: #171b21;
      border-top: 1px solid #252d36;
    }
    footer .errors {
      color: #ff7b7b;
    }
    footer .warnings {
      color: #f5c451;
    }
    footer .ok {
      color: #7ee07e;
    }
    footer .notice {
      color: #f5c451;
    }
    steer-node-menu {
      position: fixed;
    }
    dialog {
      background: #1d232b;
      color: #dde3ea;
      border: 1px solid #3a4450;
      border-radius: 10px;
      max-width: 640px;
      padding: 16px 18px;
    }
    dialog::backdrop {
      background: rgba(0, 0, 0, 0.5);
    }
    dialog ul {
      max-height: 50vh;
      overflow-y: auto;
      padding-left: 18px;
      font-family: ui-monospace, monospace;
      font-size: 12px;
    }
    .drop-hint {
      position: fixed;
      inset: 0;
      display: none;
      align-items: center;
      justify-content: center;
      background: rgba(17, 20, 24, 0.8);
      color: #ffb347;
      font-size: 20px;
      z-index: 50;
      pointer-events: none;
    }
    /* A/B compare: the two previews and their summaries take the full width above the graph and panels */
    :host([comparing]) {
      grid-template-rows: 44px minmax(240px, 46%) minmax(0, 1fr) 26px;
    }
    :host([comparing]) steer-palette,
    :host([comparing]) .center,
    :host([comparing]) .right {
      grid-row: 3;
    }
    :host([comparing]) footer {
      grid-row: 4;
    }
    :host([comparing]) .right > steer-preview {
      display: none;
    }
    steer-compare {
      grid-row: 2;
      grid-column: 1 / -1;
      min-height: 0;
    }
    header button[aria-pressed='true'] {
      border-color: #ffb347;
      color: #ffb347;
      opacity: 1;
    }
    :host([dropping]) .drop-hint {
      display: flex;
    }
  `;

  constructor() {
    super();
    this.drafts = new TabDrafts(() => ({ doc: this.doc, dirty: this.dirty }), (r) => this.draftSaved(r));
    const draft = this.drafts.restore();
    let doc = defaultScene();
    let restoredDirty = false;
    this.notice = null;
    this.probeTip = null;
    this.helpKind = null;
    this.inspected = null;
    this.followTick = 0;
    if (draft.ok && draft.doc) {
      doc = draft.doc;
      restoredDirty = draft.dirty;
      this.notice = 'Restored your last session.';
    } else if (!draft.ok) {
      this.notice = draft.warning;
    } else if (draft.warnings.length) {
      this.notice = draft.warnings.join(' ');
    }
    this.history = new History(doc);
    this.doc = doc;
    this.savedDoc = restoredDirty ? newScene() : doc;
    this.dirty = restoredDirty;
    this.typeId = doc.agentTypes[0]?.id ?? '';
    this.compiled = this.compileDoc(doc);
    this.source = moduleSource(doc, this.compiled);
    this.sourceKey = behaviourKey(doc, this.compiled);
    this.dialog = null;
    this.menu = null;
    this.shortcutsOpen = false;
    this.panel = 'type';
    this.stats = null;
    this.editPath = null;
    this.presetsOpen = false;
    this.exportOpen = false;
    this.selection = [];
    this.compare = null;
    // the pop-up menus close on Escape and on a press outside them
    const part = (sel: string) => () => [this.renderRoot.querySelector(sel)];
    new DismissController(this, () => this.presetsOpen, part('[data-menu="presets"]'), () => (this.presetsOpen = false));
    new DismissController(this, () => this.exportOpen, part('[data-menu="export"]'), () => (this.exportOpen = false));
    new DismissController(this, () => !!this.menu, part('steer-node-menu'), () => (this.menu = null));
    this.minimapShown = safeGet(MINIMAP_KEY) !== '0';
    this.editorHost = document.createElement('div');
    this.editorHost.slot = 'editor';
    this.editorHost.dataset.test = 'graph';
    this.editorHost.style.cssText =
      'position:absolute;inset:0;overflow:hidden;background-color:#12161b;' +
      'background-image:radial-gradient(circle,#232a33 1px,transparent 1px);background-size:24px 24px';
  }

  connectedCallback(): void {
    super.connectedCallback();
    if (!this.editorHost.isConnected) this.appendChild(this.editorHost);
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('beforeunload', this.onBeforeUnload);
    this.drafts.attach();
    window.addEventListener('dragover', this.onDragOver);
    window.addEventListener('dragleave', this.onDragLeave);
    window.addEventListener('drop', this.onDrop);
    this.addEventListener(FIX_EVENT, this.onFix);
    this.addEventListener(NODE_HELP_EVENT, this.onHelp);
    this.addEventListener('agent-follow', this.onFollow);
    this.addEventListener('probe-hover', this.onProbeHover);
    expose('app', this);
    // For browser tests: the document edits, to build edits (a 500-node paste) for `apply`.
    expose('commands', commands);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('beforeunload', this.onBeforeUnload);
    this.drafts.detach();
    window.removeEventListener('dragover', this.onDragOver);
    window.removeEventListener('dragleave', this.onDragLeave);
    window.removeEventListener('drop', this.onDrop);
    this.editor?.destroy();
    this.editor = undefined;
  }

  protected firstUpdated(): void {
    this.editor = createEditor(this.editorHost, {
      apply: (edit, mergeKey) => this.apply(edit, mergeKey),
      selectionChanged: (ids) => (this.selection = ids),
      openMenu: (x, y) => this.openMenu(x, y),
      notify: (message) => (this.notice = message),
    });
    this.renderRoot.querySelector('.minimap-dock')?.append(this.editor.minimap);
    this.editor.showMinimap(this.minimapShown);
    void this.editor.show(this.doc, this.typeId, this.compiled.diagnostics);
  }

  protected updated(changed: PropertyValues<this>): void {
    if (changed.has('compare')) this.toggleAttribute('comparing', !!this.compare);
    if (changed.has('doc') || changed.has('dirty')) document.title = tabTitle(this.doc.name, this.dirty);
    const graphChanged = changed.has('doc') || changed.has('typeId') || changed.has('compiled');
    if ((graphChanged || changed.has('inspected') || changed.has('followTick')) && this.editor) {
      // the graph shown; while an agent of it is followed, each node ringed in the colour of its arrow
      const f = this.inspected?.followed;
      const nodes = f && f.type === this.typeId ? (this.doc.agentTypes.find((t) => t.id === f.type)?.graph.nodes ?? []) : [];
      void this.editor.show(this.doc, this.typeId, this.compiled.diagnostics).then(() => this.editor?.highlight(probeColors(nodes, hasForceOutput)));
    }
    const dlg = this.renderRoot.querySelector('dialog');
    if (dlg && this.dialog && !dlg.open) dlg.showModal();
  }

  // ── The document ────────────────────────────────────────────────────────────────────────────

  /** Applies an edit to the open document (one undo step, or merged with the last one of the same key). */
  apply(edit: Edit, mergeKey?: string): void {
    if (this.history.apply(edit, mergeKey)) {
      if (this.notice?.startsWith('Not done:')) this.notice = null;
      if (this.history.trimmed) this.notice = this.history.trimmed;
      this.documentChanged();
    } else if (this.history.refused) this.notice = this.history.refused;
  }

  undo(): void {
    if (this.history.undo()) this.documentChanged();
  }

  redo(): void {
    if (this.history.redo()) this.documentChanged();
  }

  /** Opens another document (New, Open, a preset): no undo across it. */
  private replaceDocument(doc: SceneDocument): void {
    this.leaveCompare();
    this.history.reset(doc);
    this.savedDoc = doc;
    this.editPath = null;
    this.typeId = doc.agentTypes[0]?.id ?? '';
    this.documentChanged(true);
    // another scene: its run is recorded from here, and no agent of the last one is followed
    const preview = this.renderRoot?.querySelector<SteerPreview>('.right steer-preview');
    preview?.restartRecording();
    preview?.follow(null);
  }

  /**
   * Whether the preview's module carries the inspector's probes: while an agent is followed, and
   * while comparing (either preview may follow one). Probes double the compiled program of a large
   * graph, and a new module's first ticks, before the engine has compiled them, cost about twice
   * as much with them (measured on a 200-node graph): edits without an agent followed run leaner.
   */
  private get probing(): boolean {
    return !!this.compare || !!this.inspected?.followed;
  }

  /** Whether `compiled` has the probes; see {@link probing}. */
  private compiledProbes = false;

  private compileDoc(doc: SceneDocument, probes = this.probing): Compiled {
    this.compiledProbes = probes;
    return compile(doc, { probes });
  }

  /** Compiles the open document again when the probes wanted are not the ones compiled, with the module at once. */
  private syncProbes(probes = this.probing): void {
    if (probes !== this.compiledProbes) this.recompile(true, probes);
  }

  private documentChanged(immediate = false): void {
    const doc = this.history.doc;
    this.doc = doc;
    this.dirty = doc !== this.savedDoc;
    if (!doc.agentTypes.some((t) => t.id === this.typeId)) this.typeId = doc.agentTypes[0]?.id ?? '';
    if (this.editPath && !doc.world.paths.some((p) => p.id === this.editPath)) this.editPath = null;
    this.recompile(immediate);
    this.drafts.schedule();
  }

  /**
   * Compiles the open document, and gives the preview its module: a moment later, so a slider drag
   * recompiles it at most every 40 ms (well under the 100 ms from edit to behaviour), or at once.
   * An edit that changes nothing the simulation sees (moving nodes in the graph) keeps the running
   * module.
   */
  private recompile(immediate: boolean, probes = this.probing): void {
    this.compiled = this.compileDoc(this.doc, probes);
    clearTimeout(this.sourceTimer);
    const key = behaviourKey(this.doc, this.compiled);
    if (key !== this.sourceKey || immediate) {
      const update = (): void => {
        this.sourceKey = key;
        this.source = moduleSource(this.doc, this.compiled);
      };
      if (immediate) update();
      else this.sourceTimer = setTimeout(update, 40);
    }
  }

  private draftSaved(r: SaveResult): void {
    if (!r.ok) this.notice = r.warning;
    else {
      if (this.notice && /autosave|storage|draft/i.test(this.notice)) this.notice = null;
    }
  }

  /** Asks before discarding unsaved work; true when it may go ahead. */
  private confirmDiscard(what: string): boolean {
    const otherDirty = !!this.compare && this.compare.other.history.doc !== this.compare.other.savedDoc;
    return (!this.dirty && !otherDirty) || window.confirm(`${what} will discard your unsaved changes to “${this.doc.name}”. Continue?`);
  }

  // ── Toolbar actions ─────────────────────────────────────────────────────────────────────────

  newScene(): void {
    if (this.confirmDiscard('A new scene')) this.replaceDocument(newScene());
  }

  openPreset(key: string): void {
    this.presetsOpen = false;
    const p = PRESETS.find((x) => x.key === key);
    if (p && this.confirmDiscard(`Opening “${p.doc.name}”`)) {
      this.replaceDocument(p.doc);
      this.lastPreset = key;
    }
  }

  /**
   * Opens a scene file's text, or its bytes (as a dropped or chosen file is read: the loader then
   * checks the encoding); a file that does not load leaves the open scene exactly as it was.
   */
  openText(text: string | Uint8Array, fileName: string): boolean {
    const r = typeof text === 'string' ? loadScene(text) : loadSceneFile(text);
    if (!r.ok) {
      this.dialog = {
        title: `${printable(fileName)} could not be opened`,
        lines: r.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)),
      };
      return false;
    }
    if (!this.confirmDiscard(`Opening ${printable(fileName)}`)) return false;
    this.replaceDocument(r.doc);
    if (r.warnings.length) this.notice = r.warnings.join(' ');
    return true;
  }

  private async openFile(file: File): Promise<void> {
    const tooLarge = fileTooLarge(file.size);
    if (tooLarge && !tooLarge.ok) {
      this.dialog = { title: `${printable(file.name)} could not be opened`, lines: tooLarge.errors.map((e) => e.message) };
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      this.dialog = { title: `${printable(file.name)} could not be read`, lines: ['The browser could not read the file.'] };
      return;
    }
    this.openText(bytes, file.name);
  }

  private pickFile(): void {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      if (f) void this.openFile(f);
    });
    input.click();
  }

  save(): void {
    download(`${slug(this.doc.name)}.steer.json`, serializeScene(this.doc), 'application/json');
    this.savedDoc = this.doc;
    this.dirty = false;
    this.drafts.saveNow();
  }

  /** Downloads the behaviour module (or its .d.ts); refused with the list of problems when the scene has errors. */
  exportModule(what: 'js' | 'dts'): void {
    this.exportOpen = false;
    if (hasErrors(this.compiled.diagnostics)) {
      const errors = this.compiled.diagnostics.filter((d) => d.severity === 'error');
      this.dialog = {
        title: `Export refused: ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix first`,
        lines: errors.map((d) => `${this.doc.agentTypes.find((t) => t.id === d.agentType)?.name ?? d.agentType}${d.nodeId ? ` › ${d.nodeId}` : ''}: ${d.message}`),
      };
      return;
    }
    const base = slug(this.doc.name);
    if (what === 'js') download(`${base}.behavior.js`, moduleSource(this.doc, compile(this.doc)), 'text/javascript');
    else download(`${base}.behavior.d.ts`, moduleDeclarations(this.doc), 'application/typescript');
  }

  // ── Agent types ─────────────────────────────────────────────────────────────────────────────

  addType(): void {
    const n = this.doc.agentTypes.length + 1;
    const id = freshId(`type-${n}`, this.doc.agentTypes.map((t) => t.id));
    this.apply(addAgentType(newAgentType(id, `Type ${n}`, TYPE_COLOURS[(n - 1) % TYPE_COLOURS.length])));
    // (refused past the 32 agent types a scene holds: the notice says so, and the tab stays)
    if (this.doc.agentTypes.some((t) => t.id === id)) {
      this.typeId = id;
      this.idFollowers.add(id);
    }
  }

  /**
   * Types added in this session whose id was not edited: their id follows their name ("Type 3"
   * renamed "Wolves" is `wolves`). Other types keep their id when renamed: a game may call them by it.
   */
  private idFollowers = new Set<string>();

  /** Changes the type's id and every reference to it (one undo step with `also`, e.g. the new name), and keeps it shown. */
  private renameTypeId(from: string, to: string, also?: Edit, mergeKey?: string): void {
    const before = this.doc;
    const shown = this.typeId === from;
    if (shown) this.typeId = to;
    this.apply(also ? commands.batch(also, commands.renameAgentType(from, to)) : commands.renameAgentType(from, to), mergeKey);
    if (this.doc === before || !this.doc.agentTypes.some((t) => t.id === to)) {
      if (shown) this.typeId = from;
      return;
    }
    if (this.idFollowers.delete(from) && also) this.idFollowers.add(to);
  }

  /** The Agent type panel's edits: fields, with the id when it follows a new name. */
  private onTypeChange(d: TypeChangeDetail): void {
    const edit = updateAgentType(this.typeId, d.patch);
    if (d.id) this.renameTypeId(this.typeId, d.id, edit);
    else this.apply(edit, d.mergeKey);
  }

  deleteType(id: string): void {
    const t = this.doc.agentTypes.find((x) => x.id === id);
    if (!t) return;
    if (!window.confirm(`Delete the agent type “${t.name}” and its graph? (Undo brings it back.)`)) return;
    this.apply(removeAgentType(id));
  }

  private renameType(id: string): void {
    const t = this.doc.agentTypes.find((x) => x.id === id);
    if (!t) return;
    const name = window.prompt('Name of this agent type', t.name);
    if (!(name && name.trim() && name.trim().length <= 200)) return;
    const edit = updateAgentType(id, { name: name.trim() });
    const others = this.doc.agentTypes.filter((x) => x.id !== id).map((x) => x.id);
    const to = this.idFollowers.has(id) ? typeIdFromName(name.trim(), others) : id;
    if (to !== id) this.renameTypeId(id, to, edit);
    else this.apply(edit);
  }

  // ── A/B compare (compare.ts) ────────────────────────────────────────────────────────────────

  /** The preview of the right column (paused and hidden while comparing). */
  private get mainPreview(): SteerPreview | null {
    return this.renderRoot?.querySelector<SteerPreview>('.right > steer-preview') ?? null;
  }

  /** Starts A/B compare: the open scene is A and a duplicate is B, each with its own undo; A is edited. */
  startCompare(): void {
    if (this.compare) return;
    // both variants' modules carry the probes while comparing (see probing)
    this.syncProbes(true);
    this.flushSource();
    const doc = this.doc;
    // B is unsaved from the start: its "saved" document is a copy, never the one it holds
    this.compare = { editing: 'A', other: { history: new History(doc), savedDoc: { ...doc }, source: this.source, sourceKey: this.sourceKey } };
    const main = this.mainPreview;
    this.mainWasPlaying = main?.playing ?? true;
    if (main) main.playing = false;
    // the graph area is smaller now: frame the graph in it
    void this.updateComplete.then(() => this.editor?.zoomToFit());
  }

  /** Makes the graph editor and the panels edit variant `v`: swaps the app's history, saved state and module for its own. */
  setEditing(v: Variant): void {
    const c = this.compare;
    if (!c || c.editing === v) return;
    this.flushSource();
    const mine = { history: this.history, savedDoc: this.savedDoc, source: this.source, sourceKey: this.sourceKey };
    this.history = c.other.history;
    this.savedDoc = c.other.savedDoc;
    this.source = c.other.source;
    this.sourceKey = c.other.sourceKey;
    this.compare = { editing: v, other: mine };
    this.editPath = null;
    this.documentChanged();
  }

  /** Ends the comparison keeping variant `v` as the open scene (with its undo history). */
  keepVariant(v: Variant): void {
    if (!this.compare) return;
    this.setEditing(v);
    this.leaveCompare();
    // without the probes again, unless an agent is followed (replaceDocument, the other way out of
    // comparing, recompiles anyway)
    this.syncProbes();
  }

  private leaveCompare(): void {
    if (!this.compare) return;
    this.compare = null;
    const main = this.mainPreview;
    if (main) {
      main.playing = this.mainWasPlaying;
      expose('preview', main);
    }
    void this.updateComplete.then(() => this.editor?.zoomToFit());
  }

  /** Module text now for the edited document (no 40 ms wait), so a swap of variants carries no stale module. */
  private flushSource(): void {
    clearTimeout(this.sourceTimer);
    const key = behaviourKey(this.doc, this.compiled);
    if (key !== this.sourceKey) {
      this.sourceKey = key;
      this.source = moduleSource(this.doc, this.compiled);
    }
  }

  /** A canvas edit in one compare preview goes into that variant's document (and undo). */
  private onVariantSceneEdit(d: VariantSceneEditDetail): void {
    const back = this.compare?.editing;
    if (!back) return;
    this.setEditing(d.variant);
    this.onSceneEdit(new CustomEvent('scene-edit', { detail: d.edit }));
    this.setEditing(back);
  }

  // ── Editor glue ─────────────────────────────────────────────────────────────────────────────

  private toggleMinimap(): void {
    this.minimapShown = !this.minimapShown;
    safeSet(MINIMAP_KEY, this.minimapShown ? '1' : '0');
    this.editor?.showMinimap(this.minimapShown);
  }

  private openMenu(clientX: number, clientY: number): void {
    const r = this.getBoundingClientRect();
    this.menu = { x: Math.min(clientX, r.right - 250), y: Math.min(clientY, r.bottom - 390), clientX, clientY };
  }

  private graphCentre(): [number, number] {
    const r = this.editorHost.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }

  private onWorldChange(c: WorldChange): void {
    switch (c.kind) {
      case 'world':
        return this.apply(updateWorld(c.patch), c.mergeKey);
      case 'obstacles':
        return this.apply(setObstacles(c.obstacles), c.mergeKey);
      case 'paths':
        return this.apply(setPaths(c.paths), c.mergeKey);
      case 'targets':
        return this.apply(setTargets(c.targets), c.mergeKey);
      case 'edit-path':
        this.editPath = c.id;
    }
  }

  private onSceneEdit(e: CustomEvent): void {
    const d = e.detail as SceneEditDetail;
    const r = (v: number) => Math.round(v * 10) / 10;
    const w = this.doc.world;
    if (d.kind === 'move-path-point') {
      this.apply(movePathPoint(d.path, d.index, [r(d.x), r(d.y)]));
    } else if (d.kind === 'insert-path-point') {
      this.apply(insertPathPoint(d.path, d.index, [r(d.x), r(d.y)]));
    } else if (d.kind === 'remove-path-point') {
      this.apply(removePathPoint(d.path, d.index));
    } else if (d.kind === 'set-seed') {
      this.apply(updateWorld({ seed: d.seed }));
    } else if (d.kind === 'move-obstacle') {
      this.apply(setObstacles(w.obstacles.map((o, k) => (k === d.index ? { ...o, x: r(d.x), y: r(d.y) } : o))));
    } else if (d.kind === 'move-target') {
      this.apply(setTargets(w.targets.map((t) => (t.name === d.name ? { ...t, x: r(d.x), y: r(d.y) } : t))));
    } else if (d.kind === 'add-path-point') {
      this.apply(setPaths(w.paths.map((p) => (p.id === d.path ? { ...p, points: [...p.points, [r(d.x), r(d.y)] as [number, number]] } : p))));
    }
  }

  private onKeyDown = (e: KeyboardEvent): void => {
    if (isTyping(e) || this.dialog || this.helpKind) return;
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    // the shortcut sheet takes the keys while it is open: Escape (or ? again) closes it
    if (this.shortcutsOpen) {
      if (e.key === 'Escape' || e.key === '?') {
        e.preventDefault();
        this.shortcutsOpen = false;
      }
      return;
    }
    if (e.key === '?' && !mod && !e.altKey) {
      e.preventDefault();
      this.shortcutsOpen = true;
    } else if (mod && !e.shiftKey && !e.altKey && k === 'a') {
      e.preventDefault();
      void this.editor?.selectAll();
    } else if (!mod && !e.altKey && e.shiftKey && k === 'a') {
      // (no key goes on to the menu's search field, which takes the focus)
      e.preventDefault();
      const [x, y] = this.editor?.pointer() ?? this.graphCentre();
      this.openMenu(x, y);
    } else if (!mod && !e.altKey && !e.shiftKey && k === 'f') {
      e.preventDefault();
      void this.editor?.frame();
    } else if (mod && k === 'z') {
      e.preventDefault();
      if (e.shiftKey) this.redo();
      else this.undo();
    } else if (mod && k === 'y') {
      e.preventDefault();
      this.redo();
    } else if (mod && k === 'c') {
      this.editor?.copy();
    } else if (mod && k === 'v') {
      e.preventDefault();
      this.editor?.paste();
    } else if (mod && k === 'd') {
      e.preventDefault();
      this.editor?.duplicate();
    } else if (mod && k === 's') {
      e.preventDefault();
      this.save();
    } else if (!mod && !e.altKey && k === 'm') {
      e.preventDefault();
      this.toggleMute();
    } else if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) {
      e.preventDefault();
      this.editor?.deleteSelected();
    } else if (e.key === 'Escape') {
      this.menu = null;
      this.presetsOpen = false;
      this.exportOpen = false;
    }
  };

  /** An agent followed in a preview: the inspector shows it. */
  /** A warning's one-click fix (node or problems list): its parameter values, one undoable edit. */
  private onHelp = (e: Event): void => {
    this.helpKind = (e as CustomEvent<{ kind: string }>).detail.kind;
  };

  private onFix = (e: Event): void => {
    const { agentType, nodeId, params } = (e as CustomEvent<FixDetail>).detail;
    this.apply(setParams(agentType, nodeId, params));
  };

  private onFollow = (e: Event): void => {
    const preview = e.composedPath()[0] as unknown as ProbeSource;
    this.inspected = preview;
    this.followTick++;
    if ((e as CustomEvent<unknown>).detail) this.panel = 'inspect';
    // following starts or ends: the module with or without the probes, at once
    this.syncProbes();
  };

  private onProbeHover = (e: Event): void => {
    this.probeTip = (e as CustomEvent<ProbeTipTarget | null>).detail;
  };

  /** Mutes the selected behaviours and combinators (M), or unmutes them when all are muted. */
  toggleMute(ids: readonly string[] = this.editor?.selected() ?? []): void {
    const nodes = this.doc.agentTypes.find((t) => t.id === this.typeId)?.graph.nodes ?? [];
    const mutable = nodes.filter((n) => ids.includes(n.id) && hasForceOutput(n.kind));
    if (!mutable.length) {
      this.notice = ids.length ? 'Only behaviours and combinators can be muted.' : 'Select a node to mute it (M).';
      return;
    }
    const mute = !mutable.every((n) => n.muted);
    this.apply(setMuted(this.typeId, mutable.map((n) => n.id), mute));
    this.notice = `${mute ? 'Muted' : 'Unmuted'} ${mutable.length === 1 ? 'one node' : `${mutable.length} nodes`}${mute ? ': it adds no force (M again to unmute)' : ''}.`;
  }

  private onBeforeUnload = (e: BeforeUnloadEvent): void => {
    if (!this.dirty) return;
    e.preventDefault();
    e.returnValue = '';
  };

  private onDragOver = (e: DragEvent): void => {
    const types = e.dataTransfer?.types ?? [];
    if (types.includes('Files')) {
      e.preventDefault();
      this.setAttribute('dropping', '');
    } else if (types.includes(NODE_DRAG_TYPE)) {
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    }
  };

  private onDragLeave = (e: DragEvent): void => {
    if (!e.relatedTarget) this.removeAttribute('dropping');
  };

  private onDrop = (e: DragEvent): void => {
    this.removeAttribute('dropping');
    const dt = e.dataTransfer;
    if (!dt) return;
    const kind = dt.getData(NODE_DRAG_TYPE);
    if (kind) {
      e.preventDefault();
      const r = this.editorHost.getBoundingClientRect();
      if (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom) {
        this.editor?.addNodeAt(kind, e.clientX, e.clientY);
      }
      return;
    }
    const file = dt.files?.[0];
    if (file) {
      e.preventDefault();
      void this.openFile(file);
    }
  };

  // ── Rendering ───────────────────────────────────────────────────────────────────────────────

  private renderCompare(c: CompareSession) {
    const edited = { doc: this.doc, source: this.source };
    const other = { doc: c.other.history.doc, source: c.other.source };
    const a = c.editing === 'A' ? edited : other;
    const b = c.editing === 'B' ? edited : other;
    return html`<steer-compare
      .sceneA=${a.doc}
      .sourceA=${a.source}
      .sceneB=${b.doc}
      .sourceB=${b.source}
      .editing=${c.editing}
      .editPath=${this.editPath}
      @compare-editing=${(e: CustomEvent<{ variant: Variant }>) => this.setEditing(e.detail.variant)}
      @compare-keep=${(e: CustomEvent<{ variant: Variant }>) => this.keepVariant(e.detail.variant)}
      @variant-scene-edit=${(e: CustomEvent<VariantSceneEditDetail>) => this.onVariantSceneEdit(e.detail)}
      @preview-stats=${(e: CustomEvent<PreviewStats>) => (this.stats = e.detail)}
      @preview-error=${(e: CustomEvent<{ message: string }>) => (this.notice = `Preview: ${e.detail.message}`)}
    ></steer-compare>`;
  }

  render() {
    const doc = this.doc;
    const type = doc.agentTypes.find((t) => t.id === this.typeId);
    const errors = this.compiled.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = this.compiled.diagnostics.length - errors;
    const agents = doc.agentTypes.reduce((s, t) => s + t.count, 0);
    return html`
      <header>
        <span class="brand">Steergraph</span>
        <input class="name" aria-label="Scene name" .value=${doc.name}
          @change=${(e: Event) => {
            const v = (e.target as HTMLInputElement).value.trim();
            if (v && v.length <= 200) this.apply(updateScene({ name: v }));
            else (e.target as HTMLInputElement).value = doc.name;
          }} />
        <span class="dirty" data-test="dirty">${this.dirty ? '● unsaved' : ''}</span>
        <button data-test="new" @click=${() => this.newScene()}>New</button>
        <span class="dropdown" data-menu="presets">
          <button data-test="presets" aria-haspopup="menu" aria-expanded=${this.presetsOpen} @click=${() => (this.presetsOpen = !this.presetsOpen)}>Presets ▾</button>
          ${this.presetsOpen
            ? html`<div class="dropdown-menu presets" role="menu">
                ${PRESETS.map(
                  (p) => html`<button role="menuitem" data-preset=${p.key} @click=${() => this.openPreset(p.key)}>
                    ${p.doc.name}<small>${p.doc.description}</small>
                  </button>`,
                )}
              </div>`
            : nothing}
        </span>
        <button data-test="open" @click=${() => this.pickFile()}>Open…</button>
        <button data-test="save" @click=${() => this.save()}>Save</button>
        <span class="dropdown" data-menu="export">
          <button data-test="export" aria-haspopup="menu" aria-expanded=${this.exportOpen} @click=${() => (this.exportOpen = !this.exportOpen)}>Export ▾</button>
          ${this.exportOpen
            ? html`<div class="dropdown-menu" role="menu">
                <button role="menuitem" data-test="export-js" @click=${() => this.exportModule('js')}>Behaviour module (.js)<small>Standalone ES module for your game</small></button>
                <button role="menuitem" data-test="export-dts" @click=${() => this.exportModule('dts')}>Type declarations (.d.ts)<small>For TypeScript games</small></button>
              </div>`
            : nothing}
        </span>
        <span class="sep"></span>
        <button data-test="undo" title="Undo (Ctrl+Z)" ?disabled=${!this.history.canUndo} @click=${() => this.undo()}>Undo</button>
        <button data-test="redo" title="Redo (Ctrl+Shift+Z)" ?disabled=${!this.history.canRedo} @click=${() => this.redo()}>Redo</button>
        <span class="sep"></span>
        <button data-test="compare" aria-pressed=${this.compare ? 'true' : 'false'} ?disabled=${!!this.compare}
          title="Run this scene and a duplicate (B) side by side, same seed and pointer; Keep A or Keep B ends it"
          @click=${() => this.startCompare()}>Compare A/B</button>
        <span class="spacer"></span>
      </header>

      <steer-palette @node-add=${(e: CustomEvent<{ kind: string }>) => this.editor?.addNodeAt(e.detail.kind, ...this.graphCentre())}></steer-palette>

      ${this.compare ? this.renderCompare(this.compare) : nothing}

      <div class="center">
        <div class="tabs" role="tablist" aria-label="Agent types">
          ${doc.agentTypes.map(
            (t) => html`<span class="tab">
              <button role="tab" data-type=${t.id} aria-selected=${t.id === this.typeId ? 'true' : 'false'}
                @click=${() => {
                  this.typeId = t.id;
                  this.panel = this.panel === 'world' ? 'world' : this.panel;
                }}
                @dblclick=${() => this.renameType(t.id)} title="Double-click to rename">
                <span class="swatch" style="background:${t.color}"></span>${t.name}
                ${doc.agentTypes.length > 1
                  ? html`<span class="close" role="button" aria-label="Delete ${t.name}" title="Delete this agent type"
                      @click=${(e: Event) => {
                        e.stopPropagation();
                        this.deleteType(t.id);
                      }}>×</span>`
                  : nothing}
              </button>
            </span>`,
          )}
          <button data-test="add-type" title="Add an agent type" @click=${() => this.addType()}>+ Type</button>
        </div>
        <steer-scene-card .name=${doc.name} .description=${doc.description}></steer-scene-card>
        <div class="graph"
          @contextmenu=${(e: Event) => e.preventDefault()}>
          <div class="canvas"><slot name="editor"></slot></div>
          <div class="graph-bar">
            <div class="graph-tools">
              <button data-test="fit" title="Fit the graph in view (text stays legible: a big graph extends beyond the view)" @click=${() => void this.editor?.zoomToFit()}>Fit</button>
              <button data-test="arrange" @click=${() => void this.editor?.arrange()}>Arrange</button>
              <button data-test="minimap-toggle" aria-pressed=${this.minimapShown ? 'true' : 'false'} title="Show or hide the minimap"
                @click=${() => this.toggleMinimap()}>Minimap</button>
            </div>
            <div class="minimap-dock" data-test="minimap-dock" ?hidden=${!this.minimapShown}></div>
          </div>
        </div>
      </div>

      <div class="right">
        <steer-preview
          .scene=${doc}
          .source=${this.source}
          .editPath=${this.editPath}
          @scene-edit=${(e: CustomEvent) => this.onSceneEdit(e)}
          @preview-stats=${(e: CustomEvent<PreviewStats>) => (this.stats = e.detail)}
          @preview-error=${(e: CustomEvent<{ message: string }>) => (this.notice = `Preview: ${e.detail.message}`)}
        ></steer-preview>
        <div class="panel-tabs" role="tablist">
          <button role="tab" data-panel="type" aria-selected=${this.panel === 'type'} @click=${() => (this.panel = 'type')}>Agent type</button>
          <button role="tab" data-panel="world" aria-selected=${this.panel === 'world'} @click=${() => (this.panel = 'world')}>World</button>
          <button role="tab" data-panel="problems" aria-selected=${this.panel === 'problems'} @click=${() => (this.panel = 'problems')}>
            Problems${this.compiled.diagnostics.length ? ` (${this.compiled.diagnostics.length})` : ''}
          </button>
          <button role="tab" data-panel="inspect" aria-selected=${this.panel === 'inspect'} @click=${() => (this.panel = 'inspect')}>Inspect</button>
        </div>
        <div class="panel">
          ${this.panel === 'inspect'
            ? html`<steer-inspector .source=${this.inspected} .scene=${this.inspected ? ((this.inspected as { scene?: SceneDocument }).scene ?? doc) : doc}></steer-inspector>`
            : this.panel === 'type'
            ? html`<steer-type-panel .type=${type} .types=${doc.agentTypes} .idFollowsName=${this.idFollowers.has(this.typeId)}
                @type-change=${(e: CustomEvent<TypeChangeDetail>) => this.onTypeChange(e.detail)}
                @type-rename=${(e: CustomEvent<TypeRenameDetail>) => this.renameTypeId(e.detail.from, e.detail.to)}></steer-type-panel>`
            : this.panel === 'world'
              ? html`<steer-world-panel .world=${doc.world} .editPath=${this.editPath}
                  @world-change=${(e: CustomEvent<WorldChange>) => this.onWorldChange(e.detail)}></steer-world-panel>`
              : html`<steer-problems .diagnostics=${this.compiled.diagnostics} .scene=${doc}
                  @problem-select=${(e: CustomEvent<{ agentType: string; nodeId?: string }>) => {
                    this.typeId = e.detail.agentType;
                    const id = e.detail.nodeId;
                    if (id) void this.updateComplete.then(() => this.editor?.show(this.doc, this.typeId, this.compiled.diagnostics)).then(() => this.editor?.focusNode(id));
                  }}></steer-problems>`}
        </div>
      </div>

      <footer>
        <span data-test="problems-count" class=${errors ? 'errors' : warnings ? 'warnings' : 'ok'}>
          ${errors || warnings ? `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : 'No problems'}
        </span>
        <span data-test="agents">${agents.toLocaleString('en-US')} ${agents === 1 ? 'agent' : 'agents'}</span>
        <span data-test="ms">${this.stats ? `${this.stats.msPerTick.toFixed(2)} ms/tick` : '– ms/tick'}</span>
        <span data-test="fps">${this.stats ? `${Math.round(this.stats.fps)} fps` : '– fps'}</span>
        <span data-test="tick">${this.stats ? `tick ${this.stats.tick}` : ''}</span>
        <span class="spacer"></span>
        ${this.notice ? html`<span class="notice" data-test="notice">${this.notice}</span>` : nothing}
        <steer-unreadable-drafts></steer-unreadable-drafts>
      </footer>

      ${this.menu
        ? html`<steer-node-menu style="left:${this.menu.x}px;top:${this.menu.y}px"
            @node-pick=${(e: CustomEvent<{ kind: string }>) => {
              const m = this.menu!;
              this.menu = null;
              this.editor?.addNodeAt(e.detail.kind, m.clientX, m.clientY);
            }}
            @menu-close=${() => (this.menu = null)}></steer-node-menu>`
        : nothing}

      ${this.shortcutsOpen
        ? html`<steer-shortcuts data-test="shortcuts" @shortcuts-close=${() => (this.shortcutsOpen = false)}></steer-shortcuts>`
        : nothing}

      ${this.dialog
        ? html`<dialog data-test="dialog" @close=${() => (this.dialog = null)}>
            <h3>${this.dialog.title}</h3>
            <ul>${this.dialog.lines.map((l) => html`<li>${l}</li>`)}</ul>
            <form method="dialog"><button>OK</button></form>
          </dialog>`
        : nothing}
      ${this.helpKind ? html`<steer-node-help .kind=${this.helpKind} @help-close=${() => (this.helpKind = null)}></steer-node-help>` : nothing}
      <div class="drop-hint">Drop a .steer.json file to open it</div>
      ${this.probeTip ? html`<steer-probe-tip data-test="probe-tip" .source=${this.inspected} .target=${this.probeTip}></steer-probe-tip>` : nothing}
    `;
  }
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: a preference is not worth a warning
  }
}
