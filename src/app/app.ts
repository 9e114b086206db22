// Over 600 lines (about 740), knowingly: this is the one place where the document session, the
// editor, the preview, the panels and the files meet, and each method is the short glue of one user
// action; what each action does is in the files named in SteerApp's comment below. The next split to
// make, if it grows: Save / Open with a held file (save, write, holdFile, openWithPicker) into a
// controller of its own beside file-handle.ts and held-file.ts.
import { expose } from '../test-hooks';
import { canMute, hasForceOutput } from '../../nodes/index';
import { LitElement, type PropertyValues } from 'lit';
import type { Compiled } from '../compiler/index';
import * as commands from '../document/commands';
import { setMuted, setParams, type Edit } from '../document/commands';
import type { History } from '../document/history';
import { printable } from '../document/errors';
import { graphIn, graphOf } from '../document/graphs';
import type { Graph, SceneDocument } from '../document/types';
import { createEditor, type SteerEditor } from '../editor/editor';
import { FIX_EVENT, type FixDetail } from '../editor/fix-event';
import { NODE_HELP_EVENT } from '../editor/help-event';
import { DismissController } from '../preview/dismiss-controller';
import { probeColors } from '../preview/inspect';
import type { SceneEditDetail, SteerPreview } from '../preview/preview';
import { AgentTypeActions } from './agent-types';
import { GroupActions } from './group-actions';
import { GROUP_ACTION_EVENT } from '../editor/group-event';
import { appStyles } from './app-styles';
import type { Variant, VariantSceneEditDetail } from './compare';
import { CompareSession, sceneVariant, type SceneVariant } from './compare-session';
import { restoreSession } from './document-session';
import { TabDrafts, tabTitle } from './drafts';
import { GraphRoom } from './graph-room';
import { FileDropController, exportModule, loadSceneText, pickFile, readSceneFile, saveScene, sceneFileName, type Dialog } from './file-io';
import { recallFile, rememberFile } from './held-file';
import { askOpenHandle, askSaveHandle, filePickers, writeFailure, writeHandle, type FilePickers, type SceneFileHandle } from './file-handle';
import { serializeScene } from '../document/serialize';
import type { ProbeSource, ProbeTipTarget } from './inspector';
import { ShortcutController } from './keymap';
import { layoutKeys } from './layout-keys';
import type { WireEnd } from '../editor/wire-drop';
import { layoutStyles, minimapPreference, rememberMinimap, renderApp, type MenuAt, type PanelName, type PreviewStats } from './layout';
import { PRESETS, newScene } from './presets';
import { sceneEdit, worldChangeEdit } from './scene-edits';
import { freshWallId, wallsOf } from '../document/wall-commands';
import { StateActions } from './state-actions';
import { ParamActions } from './param-actions';
import { themeProperties } from '../theme';
import type { WorldChange } from './world-panel';

/**
 * The app shell: toolbar, agent-type tabs, graph editor, preview, panels and status line around
 * one open scene document. The document is the truth (contract 1): every edit goes through
 * {@link SteerApp.apply} into the document session's undo history (document-session.ts); the
 * editor, the panels, the build (build-pipeline.ts: compiler, then preview) and autosave all
 * follow it. Files are file-io.ts (saving in place: file-handle.ts), A/B compare
 * compare-session.ts, the keys keymap.ts, the look app-styles.ts and layout.ts.
 */
export class SteerApp extends LitElement {
  static properties = {
    doc: { state: true },
    typeId: { state: true },
    stateIndex: { state: true },
    groupPath: { state: true },
    stateView: { state: true },
    compiled: { state: true },
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
    selectedWall: { state: true },
    presetsOpen: { state: true },
    exportOpen: { state: true },
    selection: { state: true },
    compare: { state: true },
    minimapShown: { state: true },
    fileName: { state: true },
  };

  /** The open document (while comparing: the variant being edited); the session's, mirrored for rendering. */
  declare doc: SceneDocument;
  /** Whether the minimap shows (under the canvas); remembered in this browser. */
  declare minimapShown: boolean;
  private readonly graphRoom = new GraphRoom(this, () => this.renderRoot?.querySelector('.graph') ?? null);
  declare typeId: string;
  /** Which graph of the selected type the editor shows: a state's index, or ANY_STATE (src/document/graphs.ts). */
  declare stateIndex: number;
  /** The groups entered (Tab), outermost first: the editor shows the last one's inner graph; empty: the state's graph. */
  declare groupPath: string[];
  /** Whether the state view (state-view.ts) replaces the node canvas. */
  declare stateView: boolean;
  /** The open document compiled (its problems show at once; the preview's module follows). */
  declare compiled: Compiled;
  declare dirty: boolean;
  declare dialog: Dialog | null;
  declare menu: MenuAt | null;
  /** Whether the sheet of every shortcut (`?`) is open. */
  declare shortcutsOpen: boolean;
  declare panel: PanelName;
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
  /** The wall selected in the preview's Walls tool or the World panel's list, or null. */
  declare selectedWall: string | null;
  declare presetsOpen: boolean;
  declare exportOpen: boolean;
  declare selection: string[];
  /** A/B compare while it is on (compare-session.ts); null otherwise. */
  declare compare: CompareSession | null;
  /** The name of the file Save writes in place (its handle is held), or null: Save then asks, or downloads. */
  declare fileName: string | null;

  /** The key of the preset opened last (for tests and the picker). */
  lastPreset = '';
  /** The graph editor (created when the element is first rendered). */
  editor: SteerEditor | undefined;
  /** The open scene: its document session and build (while comparing, variant A's until one is kept). */
  private main: SceneVariant;
  private editorHost: HTMLDivElement;
  /** This tab's autosave (drafts.ts). */
  private drafts: TabDrafts;
  /** The browser's file pickers (File System Access API), or null: then Save downloads and Open… uses the file input. */
  private readonly pickers: FilePickers | null = filePickers();
  /** The file Save writes without asking: the one saved to or opened with the pickers last (file-handle.ts). */
  private handle: SceneFileHandle | null = null;
  /** Whether a picker is open (another Save or Open… waits for it to close rather than opening a second). */
  private asking = false;
  /** The writes in flight, one after another (a second Ctrl+S writes after the first has). */
  private writing: Promise<void> = Promise.resolve();

  static styles = [themeProperties, layoutStyles, appStyles];

  constructor() {
    super();
    this.drafts = new TabDrafts(() => ({ doc: this.doc, dirty: this.dirty }), (r) => {
      if (!r.ok) this.notice = r.warning;
      else if (this.notice && /autosave|storage|draft/i.test(this.notice)) this.notice = null;
    });
    const { session, notice, restored } = restoreSession(this.drafts);
    this.notice = notice;
    this.probeTip = null;
    this.helpKind = null;
    this.inspected = null;
    this.followTick = 0;
    this.compare = null;
    this.main = sceneVariant(session, false, () => this.requestUpdate());
    this.doc = session.doc;
    this.dirty = session.dirty;
    this.typeId = this.doc.agentTypes[0]?.id ?? '';
    this.stateIndex = 0;
    this.groupPath = [];
    this.stateView = false;
    this.compiled = this.main.build.compiled;
    this.dialog = null;
    this.menu = null;
    this.shortcutsOpen = false;
    this.panel = 'type';
    this.stats = null;
    this.editPath = null;
    this.selectedWall = null;
    this.presetsOpen = false;
    this.exportOpen = false;
    this.selection = [];
    this.fileName = null;
    // a reload of this tab that restored its draft goes on saving to the file it held (held-file.ts)
    if (restored && this.pickers) {
      const changes = this.heldChanges;
      const name = this.doc.name;
      void recallFile(this.drafts.id, name).then((handle) => {
        if (!handle || this.heldChanges !== changes || this.doc.name !== name) return;
        this.handle = handle;
        this.fileName = handle.name;
      });
    }
    // the pop-up menus close on Escape and on a press outside them
    const part = (sel: string) => () => [this.renderRoot.querySelector(sel)];
    new DismissController(this, () => this.presetsOpen, part('[data-menu="presets"]'), () => (this.presetsOpen = false));
    new DismissController(this, () => this.exportOpen, part('[data-menu="export"]'), () => (this.exportOpen = false));
    new DismissController(this, () => !!this.menu, part('steer-node-menu'), () => (this.menu = null));
    // the graph's keys do nothing while the state view hides the graph
    const onGraph = (f: () => void) => () => void (this.stateView || f());
    new ShortcutController(this, {
      paused: () => !!this.dialog || !!this.helpKind,
      sheetOpen: () => this.shortcutsOpen,
      run: {
        'open-sheet': () => (this.shortcutsOpen = true),
        'close-sheet': () => (this.shortcutsOpen = false),
        'select-all': onGraph(() => void this.editor?.selectAll()),
        'add-node': onGraph(() => this.openMenu(...(this.editor?.pointer() ?? this.graphCentre()))),
        frame: onGraph(() => void this.editor?.frame()),
        undo: () => this.undo(),
        redo: () => this.redo(),
        copy: onGraph(() => this.editor?.copy()),
        paste: onGraph(() => this.editor?.paste()),
        duplicate: onGraph(() => this.editor?.duplicate()),
        save: () => {
          commitFocusedField();
          void this.save();
        },
        'save-as': () => {
          commitFocusedField();
          void this.save(true);
        },
        mute: onGraph(() => this.toggleMute()),
        group: onGraph(() => this.groups.group()),
        tab: onGraph(() => this.groups.tab()),
        ungroup: onGraph(() => this.groups.ungroup()),
        delete: onGraph(() => this.editor?.deleteSelected()),
        ...layoutKeys(() => this.editor, onGraph),
        'close-menus': () => {
          this.menu = null;
          this.presetsOpen = false;
          this.exportOpen = false;
        },
      },
    });
    new FileDropController(this, {
      openFile: (f) => void this.openFile(f),
      addNodeAt: (kind, x, y) => this.editor?.addNodeAt(kind, x, y),
      canvasRect: () => this.editorHost.getBoundingClientRect(),
    });
    this.minimapShown = minimapPreference();
    this.editorHost = document.createElement('div');
    this.editorHost.slot = 'editor';
    this.editorHost.dataset.test = 'graph';
    this.editorHost.style.cssText =
      'position:absolute;inset:0;overflow:hidden;background-color:var(--steer-canvas);' +
      'background-image:radial-gradient(circle,var(--steer-canvas-dot) 1px,transparent 1px);background-size:24px 24px';
  }

  connectedCallback(): void {
    super.connectedCallback();
    if (!this.editorHost.isConnected) this.appendChild(this.editorHost);
    window.addEventListener('beforeunload', this.onBeforeUnload);
    this.drafts.attach();
    this.addEventListener(FIX_EVENT, this.onFix);
    this.addEventListener(NODE_HELP_EVENT, this.onHelp);
    this.addEventListener(GROUP_ACTION_EVENT, this.groups.onAction);
    this.addEventListener('agent-follow', this.onFollow);
    this.addEventListener('probe-hover', this.onProbeHover);
    this.addEventListener('params-edit', this.params.onEdit);
    expose('app', this);
    // For browser tests: the document edits, to build edits (a 500-node paste) for `apply`.
    expose('commands', commands);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('beforeunload', this.onBeforeUnload);
    this.drafts.detach();
    this.editor?.destroy();
    this.editor = undefined;
  }

  protected firstUpdated(): void {
    this.editor = createEditor(this.editorHost, {
      apply: (edit, mergeKey) => this.apply(edit, mergeKey),
      selectionChanged: (ids) => (this.selection = ids),
      openMenu: (x, y, wire) => this.openMenu(x, y, wire),
      notify: (message) => (this.notice = message),
      showTypeParam: (typeId, name) => void this.params.show(typeId, name),
      toggleMute: (ids) => this.toggleMute(ids),
      groupSelected: () => this.groups.group(),
    });
    this.renderRoot.querySelector('.minimap-dock')?.append(this.editor.minimap);
    this.editor.showMinimap(this.minimapShown);
    void this.editor.show(this.doc, this.shownAt(), this.compiled.diagnostics);
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    // Another type shows its first state; a state that went away shows the first one.
    if (changed.has('typeId') && !changed.has('stateIndex')) this.stateIndex = 0;
    const type = this.doc.agentTypes.find((t) => t.id === this.typeId);
    if (type && !graphOf(type, this.stateIndex)) this.stateIndex = 0;
    // another type or state leaves the groups entered; so does a group that went away (an undo)
    if (changed.has('typeId') || changed.has('stateIndex')) this.groupPath = [];
    this.groupPath = this.groups.entered(this.groupPath);
  }

  protected updated(changed: PropertyValues<this>): void {
    if (changed.has('compare')) this.toggleAttribute('comparing', !!this.compare);
    if (changed.has('doc') || changed.has('dirty')) document.title = tabTitle(this.doc.name, this.dirty);
    const graphChanged = changed.has('doc') || changed.has('typeId') || changed.has('stateIndex') || changed.has('groupPath') || changed.has('compiled');
    if ((graphChanged || changed.has('inspected') || changed.has('followTick')) && this.editor) {
      // the graph shown; while an agent of it is followed, each node ringed in the colour of its arrow
      const f = this.inspected?.followed;
      const nodes = f && f.type === this.typeId ? (this.shownGraph()?.nodes ?? []) : [];
      void this.editor.show(this.doc, this.shownAt(), this.compiled.diagnostics).then(() => this.editor?.highlight(probeColors(nodes, hasForceOutput)));
    }
    const dlg = this.renderRoot.querySelector('dialog');
    if (dlg && this.dialog && !dlg.open) dlg.showModal();
  }

  // ── The document ────────────────────────────────────────────────────────────────────────────

  /** The scene being edited: the open one, or while comparing the variant being edited. */
  private get current(): SceneVariant {
    return this.compare?.edited ?? this.main;
  }

  /** The undo history of the open document (while comparing: of the variant being edited). */
  get history(): History {
    return this.current.session.history;
  }

  /** The module text the preview runs (while comparing: the edited variant's). */
  get source(): string {
    return this.current.build.source;
  }

  /** Applies an edit to the open document (one undo step, or merged with the last one of the same key). */
  apply(edit: Edit, mergeKey?: string): void {
    const r = this.current.session.apply(edit, mergeKey);
    if (r.changed) {
      if (this.notice?.startsWith('Not done:') || this.notice?.startsWith('Saved to ')) this.notice = null;
      if (r.trimmed) this.notice = r.trimmed;
      this.documentChanged();
    } else if (r.refused) this.notice = r.refused;
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
    this.main.session.reset(doc);
    // another scene is no longer the file held: its Save asks (or downloads)
    this.holdFile(null);
    this.editPath = null;
    this.selectedWall = null;
    this.typeId = doc.agentTypes[0]?.id ?? '';
    this.documentChanged(true);
    // another scene: its run is recorded from here, and no agent of the last one is followed
    const preview = this.mainPreview;
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

  /** Compiles the open document again when the probes wanted are not the ones compiled, with the module at once. */
  private syncProbes(probes = this.probing): void {
    if (probes !== this.current.build.probes) this.recompile(true, probes);
  }

  private documentChanged(immediate = false): void {
    const { session } = this.current;
    this.doc = session.doc;
    this.dirty = session.dirty;
    if (!this.doc.agentTypes.some((t) => t.id === this.typeId)) this.typeId = this.doc.agentTypes[0]?.id ?? '';
    if (this.editPath && !this.doc.world.paths.some((p) => p.id === this.editPath)) this.editPath = null;
    if (this.selectedWall && !wallsOf(this.doc).some((w) => w.id === this.selectedWall)) this.selectedWall = null;
    this.recompile(immediate);
    this.drafts.schedule();
  }

  /** Compiles the open document; the preview gets its module a moment later, or at once (build-pipeline.ts). */
  private recompile(immediate: boolean, probes = this.probing): void {
    this.compiled = this.current.build.build(this.doc, immediate, probes);
    if (immediate) this.requestUpdate();
  }

  /** Asks before discarding unsaved work; true when it may go ahead. */
  private confirmDiscard(what: string): boolean {
    const otherDirty = !!this.compare?.other.session.dirty;
    return (!this.dirty && !otherDirty) || window.confirm(`${what} will discard your unsaved changes to “${this.doc.name}”. Continue?`);
  }

  // ── Files and the toolbar (file-io.ts) ──────────────────────────────────────────────────────

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
    const r = loadSceneText(text, fileName);
    if (!r.ok) {
      this.dialog = r.dialog;
      return false;
    }
    if (!this.confirmDiscard(`Opening ${printable(fileName)}`)) return false;
    this.replaceDocument(r.doc);
    if (r.warnings.length) this.notice = r.warnings.join(' ');
    return true;
  }

  /** Opens a dropped or chosen file (no handle is kept: Save then asks where, or downloads); true when it opened. */
  async openFile(file: File): Promise<boolean> {
    const r = await readSceneFile(file);
    if (r.ok) return this.openText(r.bytes, file.name);
    this.dialog = r.dialog;
    return false;
  }

  /**
   * Open…: with the browser's pickers, the file chosen opens and its handle is kept, so Save
   * writes it back; without them, the file input (no handle).
   */
  async open(): Promise<void> {
    const pickers = this.pickers;
    if (!pickers) return pickFile((f) => void this.openFile(f));
    const handle = await this.ask('Not opened', () => askOpenHandle(pickers));
    if (!handle) return;
    let file: File;
    try {
      file = await handle.getFile();
    } catch {
      this.dialog = { title: `${printable(handle.name)} could not be read`, lines: ['The browser could not read the file.'] };
      return;
    }
    if (await this.openFile(file)) this.holdFile(handle);
  }

  /** Shows one picker at a time: the handle chosen, or null when cancelled or failed (then the notice says `failed` and why). */
  private async ask(failed: string, picker: () => Promise<SceneFileHandle | null>): Promise<SceneFileHandle | null> {
    if (this.asking) return null;
    this.asking = true;
    try {
      return await picker();
    } catch (e) {
      this.notice = `${failed}: ${e instanceof Error ? e.message : String(e)}`;
      return null;
    } finally {
      this.asking = false;
    }
  }

  /**
   * Save: writes the file held in place; with none held (or `ask`, Save as…) asks where with the
   * browser's picker and holds the file chosen. Without the pickers, downloads the scene. The
   * unsaved mark clears only once the file is written; a failed write says why and holds no file.
   */
  async save(ask = false): Promise<void> {
    const pickers = this.pickers;
    if (!pickers) {
      saveScene(this.doc);
      this.current.session.markSaved();
      this.dirty = false;
      this.drafts.saveNow();
      return;
    }
    if (this.asking) return;
    let handle = ask ? null : this.handle;
    // cancelled: nothing changes
    handle ??= await this.ask('Not saved', () => askSaveHandle(pickers, sceneFileName(this.doc)));
    if (!handle) return;
    await this.write(handle);
  }

  /** Writes the edited document to `handle` after the writes before it; holds that file once written. */
  private write(handle: SceneFileHandle): Promise<void> {
    const run = async (): Promise<void> => {
      const session = this.current.session;
      // the document as it is now: an edit made while it is written stays unsaved
      const doc = session.doc;
      const savedBefore = session.savedDoc;
      try {
        await writeHandle(handle, serializeScene(doc));
      } catch (e) {
        // the next Save asks where (the file may be read-only, gone, or on a full disk)
        this.holdFile(null);
        this.notice = writeFailure(handle.name, e);
        return;
      }
      // another scene was opened meanwhile: it is not this file's
      if (session.savedDoc !== savedBefore || session !== this.current.session) return;
      session.markSaved(doc);
      this.holdFile(handle);
      this.dirty = session.dirty;
      this.drafts.saveNow();
      this.notice = `Saved to ${printable(handle.name)}.`;
    };
    this.writing = this.writing.then(run);
    return this.writing;
  }

  /** Holds `handle` as the file Save writes (null: none; Save then asks). */
  private holdFile(handle: SceneFileHandle | null): void {
    this.handle = handle;
    this.fileName = handle?.name ?? null;
    this.heldChanges++;
    // kept across a reload of this tab (held-file.ts)
    if (this.pickers) void rememberFile(this.drafts.id, handle, this.doc.name);
  }

  /** How often the held file changed: a file recalled after a reload is taken only if it has not since. */
  private heldChanges = 0;

  /** Whether Save can write a file in place here (the browser has the pickers): Save as… shows then. */
  get savesInPlace(): boolean {
    return !!this.pickers;
  }

  /** Downloads the behaviour module (or its .d.ts); refused with the list of problems when the scene has errors. */
  exportModule(what: 'js' | 'dts'): void {
    this.exportOpen = false;
    const refused = exportModule(this.doc, this.compiled, what);
    if (refused) this.dialog = refused;
  }

  // ── Agent types (agent-types.ts) ────────────────────────────────────────────────────────────

  /** The agent-type tabs' actions. */
  readonly types = new AgentTypeActions(this);
  /** The node groups' actions (group-actions.ts). */
  readonly groups = new GroupActions(this);

  /** The state bar's and the state view's actions (state-actions.ts). */
  readonly states = new StateActions(this);

  /** The type parameters' actions (param-actions.ts): the Parameters panel, the live sliders, a node's exposed chip. */
  readonly params = new ParamActions(this);

  addType(): void {
    this.types.add();
  }

  deleteType(id: string): void {
    this.types.remove(id);
  }

  // ── A/B compare (compare-session.ts, compare.ts) ────────────────────────────────────────────

  /** The preview of the right column (paused and hidden while comparing). */
  private get mainPreview(): SteerPreview | null {
    return this.renderRoot?.querySelector<SteerPreview>('.right > steer-preview') ?? null;
  }

  /** Starts A/B compare: the open scene is A and a duplicate is B, each with its own undo; A is edited. */
  startCompare(): void {
    if (this.compare) return;
    // both variants' modules carry the probes while comparing (see probing)
    this.syncProbes(true);
    const main = this.mainPreview;
    this.compare = new CompareSession(this.main, main?.playing ?? true, () => this.requestUpdate());
    if (main) main.playing = false;
    // the graph area is smaller now: frame the graph in it
    void this.updateComplete.then(() => this.editor?.zoomToFit());
  }

  /** Makes the graph editor and the panels edit variant `v` (its own undo, saved state and module). */
  setEditing(v: Variant): void {
    const c = this.compare;
    if (!c || c.editing === v) return;
    // the module now for the variant left, so it carries no stale one
    c.edited.build.flush();
    c.editing = v;
    this.requestUpdate('compare');
    this.editPath = null;
    this.documentChanged();
  }

  /** Ends the comparison keeping variant `v` as the open scene (with its undo history). */
  keepVariant(v: Variant): void {
    if (!this.compare) return;
    this.setEditing(v);
    this.main = this.compare.edited;
    this.leaveCompare();
    // without the probes again, unless an agent is followed (replaceDocument, the other way out of
    // comparing, recompiles anyway)
    this.syncProbes();
  }

  private leaveCompare(): void {
    const c = this.compare;
    if (!c) return;
    c.other.build.cancel();
    this.compare = null;
    const main = this.mainPreview;
    if (main) {
      main.playing = c.mainWasPlaying;
      expose('preview', main);
    }
    void this.updateComplete.then(() => this.editor?.zoomToFit());
  }

  /** A canvas edit in one compare preview goes into that variant's document (and undo). */
  onVariantSceneEdit(d: VariantSceneEditDetail): void {
    const back = this.compare?.editing;
    if (!back) return;
    this.setEditing(d.variant);
    this.onSceneEdit(d.edit);
    this.setEditing(back);
  }

  // ── Editor glue ─────────────────────────────────────────────────────────────────────────────

  get graphShort(): boolean {
    return this.graphRoom.short;
  }

  toggleMinimap(): void {
    this.minimapShown = !this.minimapShown;
    rememberMinimap(this.minimapShown);
    this.editor?.showMinimap(this.minimapShown);
  }

  private openMenu(clientX: number, clientY: number, wire?: WireEnd): void {
    const r = this.getBoundingClientRect();
    this.menu = { x: Math.min(clientX, r.right - 250), y: Math.min(clientY, r.bottom - 390), clientX, clientY, wire };
  }

  graphCentre(): [number, number] {
    const r = this.editorHost.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }

  onWorldChange(c: WorldChange): void {
    if (c.kind === 'edit-path') this.editPath = c.id;
    if (c.kind === 'select-wall') this.selectedWall = c.id;
    const edit = worldChangeEdit(c);
    if (edit) this.apply(edit, 'mergeKey' in c ? c.mergeKey : undefined);
  }

  onSceneEdit(d: SceneEditDetail): void {
    const edit = sceneEdit(this.doc, d);
    // a wall just drawn comes selected (Delete removes it)
    const drawn = d.kind === 'add-wall' ? freshWallId(wallsOf(this.doc)) : null;
    if (edit) this.apply(edit);
    if (drawn && wallsOf(this.doc).some((w) => w.id === drawn)) this.selectedWall = drawn;
  }

  /** A node's or the palette's "?": the help of its kind. */
  private onHelp = (e: Event): void => {
    this.helpKind = (e as CustomEvent<{ kind: string }>).detail.kind;
  };

  /** A warning's one-click fix (node or problems list): its parameter values, one undoable edit. */
  private onFix = (e: Event): void => {
    const { agentType, state, nodeId, params } = (e as CustomEvent<FixDetail>).detail;
    this.apply(setParams({ type: agentType, state: state ?? 0 }, nodeId, params));
  };

  /** An agent followed in a preview: the inspector shows it. */
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

  /** Where the graph shown in the editor is: the selected type and its shown state. */
  shownAt(): { type: string; state: number; group?: string } {
    const group = this.groupPath[this.groupPath.length - 1];
    return group ? { type: this.typeId, state: this.stateIndex, group } : { type: this.typeId, state: this.stateIndex };
  }

  /** The graph shown in the editor, if the selected type has it (inside a group: the group's). */
  shownGraph(): Graph | undefined {
    return graphIn(this.doc, this.shownAt());
  }

  /** Mutes the selected behaviours and combinators (M), or unmutes them when all are muted. */
  toggleMute(ids: readonly string[] = this.editor?.selected() ?? []): void {
    const nodes = this.shownGraph()?.nodes ?? [];
    const mutable = nodes.filter((n) => ids.includes(n.id) && canMute(n.kind));
    if (!mutable.length) {
      this.notice = ids.length ? 'Only behaviours and combinators can be muted.' : 'Select a node to mute it (M).';
      return;
    }
    const mute = !mutable.every((n) => n.muted);
    this.apply(setMuted(this.shownAt(), mutable.map((n) => n.id), mute));
    this.notice = `${mute ? 'Muted' : 'Unmuted'} ${mutable.length === 1 ? 'one node' : `${mutable.length} nodes`}${mute ? ': it adds no force (M again to unmute)' : ''}.`;
  }

  private onBeforeUnload = (e: BeforeUnloadEvent): void => {
    if (!this.dirty) return;
    e.preventDefault();
    e.returnValue = '';
  };

  render() {
    return renderApp(this);
  }
}

/**
 * Commits the text field being typed in, so that a shortcut that saves saves what was typed: fields
 * that apply on `change` (the scene name, an id) get it from a blur, and the focus goes back at once,
 * so the user goes on typing where they were. Fields that apply as typed are unaffected.
 */
function commitFocusedField(): void {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
  const at = [el.selectionStart, el.selectionEnd] as const;
  el.blur();
  el.focus();
  if (at[0] !== null && at[1] !== null) el.setSelectionRange(at[0], at[1]);
}
