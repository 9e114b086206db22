/**
 * The app's layout: its regions (toolbar, palette, graph column with the agent-type tabs, preview
 * column with the panels, status line, overlays) and what fills each, and where each sits: a grid
 * in which, while comparing, the two previews take a full-width row above the graph and panels.
 * The element (app.ts) holds the state and actions the template reads, as an {@link AppView}.
 */
import type { GroupActions } from './group-actions';
import { renderGroupBreadcrumb } from './group-breadcrumb';
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Compiled } from '../compiler/index';
import { updateScene, type Edit } from '../document/commands';
import type { History } from '../document/history';
import type { SceneDocument } from '../document/types';
import type { SteerEditor } from '../editor/editor';
import type { WireEnd } from '../editor/wire-drop';
import { MINIMAP_RATIO, MINIMAP_SIZE } from '../editor/theme';
import type { SceneEditDetail } from '../preview/preview';
import type { AgentTypeActions } from './agent-types';
import type { Variant, VariantSceneEditDetail } from './compare';
import type { CompareSession } from './compare-session';
import type { SteerStateBar } from './state-bar';
import type { StateActions } from './state-actions';
import type { ParamActions } from './param-actions';
import type { Dialog } from './file-io';
import { printable } from '../document/errors';
import type { ProbeSource, ProbeTipTarget } from './inspector';
import { PRESETS } from './presets';
import type { WorldChange } from './world-panel';
import type { TypeChangeDetail, TypeRenameDetail } from './type-panel';

/** Whether the minimap shows ('0': hidden), remembered in this browser. */
const MINIMAP_KEY = 'steergraph.minimap';

/** Whether the minimap shows (shown unless hidden before, in this browser). */
export function minimapPreference(): boolean {
  try {
    return window.localStorage.getItem(MINIMAP_KEY) !== '0';
  } catch {
    return true;
  }
}

/** Remembers whether the minimap shows. */
export function rememberMinimap(shown: boolean): void {
  try {
    window.localStorage.setItem(MINIMAP_KEY, shown ? '1' : '0');
  } catch {
    // storage full or disabled: a preference is not worth a warning
  }
}

/** Stats the preview reports. */
export interface PreviewStats {
  tick: number;
  agents: number;
  msPerTick: number;
  fps: number;
}

/** The node menu's place (clamped into the window) and the point a node picked from it lands at. */
export interface MenuAt {
  x: number;
  y: number;
  clientX: number;
  clientY: number;
  /** Opened by a wire let go on the canvas: its hanging end (the menu lists the kinds that fit it; the node picked is connected). */
  wire?: WireEnd;
}

/** The side panel shown. */
export type PanelName = 'type' | 'world' | 'problems' | 'inspect';

/** What the layout reads of the app, and the actions its controls call. */
export interface AppView {
  readonly doc: SceneDocument;
  readonly compiled: Compiled;
  readonly dirty: boolean;
  readonly history: History;
  readonly compare: CompareSession | null;
  readonly source: string;
  readonly inspected: ProbeSource | null;
  readonly editor: SteerEditor | undefined;
  readonly editPath: string | null;
  /** The selected wall (the preview's Walls tool, the World panel's list). */
  selectedWall: string | null;
  readonly minimapShown: boolean;
  /** Whether the graph area is too short for the minimap (graph-room.ts): it gives way, whatever minimapShown says. */
  readonly graphShort: boolean;
  readonly types: AgentTypeActions;
  /** The node groups' actions (group-actions.ts). */
  readonly groups: GroupActions;
  /** The groups entered, outermost first. */
  readonly groupPath: readonly string[];
  readonly states: StateActions;
  /** The type parameters' actions: the Parameters panel's edits and live values, a node's exposed chip (param-actions.ts). */
  readonly params: ParamActions;
  readonly updateComplete: Promise<boolean>;
  typeId: string;
  stateIndex: number;
  stateView: boolean;
  shownAt(): { type: string; state: number };
  panel: PanelName;
  presetsOpen: boolean;
  exportOpen: boolean;
  stats: PreviewStats | null;
  notice: string | null;
  menu: MenuAt | null;
  shortcutsOpen: boolean;
  dialog: Dialog | null;
  helpKind: string | null;
  probeTip: ProbeTipTarget | null;
  apply(edit: Edit, mergeKey?: string): void;
  undo(): void;
  redo(): void;
  newScene(): void;
  openPreset(key: string): void;
  /** The file Save writes in place (Chromium), or null. */
  readonly fileName: string | null;
  /** Whether Save can write in place here (the browser has the file pickers): Save as… shows then. */
  readonly savesInPlace: boolean;
  open(): Promise<void>;
  /** Save; `ask` true is Save as… (asks for a file even when one is held). */
  save(ask?: boolean): Promise<void>;
  exportModule(what: 'js' | 'dts'): void;
  addType(): void;
  deleteType(id: string): void;
  startCompare(): void;
  setEditing(v: Variant): void;
  keepVariant(v: Variant): void;
  onVariantSceneEdit(d: VariantSceneEditDetail): void;
  onSceneEdit(d: SceneEditDetail): void;
  onWorldChange(c: WorldChange): void;
  toggleMinimap(): void;
  graphCentre(): [number, number];
}

/** The grid of `<steer-app>` and what fills each cell. */
export const layoutStyles = css`
  :host {
    display: grid;
    grid-template-rows: 44px minmax(0, 1fr) 26px;
    grid-template-columns: 176px minmax(0, 1fr) minmax(360px, 36%);
    height: 100%;
  }
  header {
    grid-column: 1 / -1;
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
  .graph {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 0;
    /* its height comes from the column, never from its content, so the minimap can give way when it is short (graph-room.ts) */
    contain: size layout style;
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
  .minimap-dock {
    position: relative;
    /* the map and its 1 px border */
    width: ${MINIMAP_SIZE * MINIMAP_RATIO + 2}px;
    height: ${MINIMAP_SIZE + 2}px;
  }
  .minimap-dock[hidden] {
    display: none;
  }
  .right {
    grid-row: 2;
    grid-column: 3;
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  steer-preview {
    flex: 0 0 56%;
    min-height: 0;
  }
  .panel {
    flex: 1;
    overflow-y: auto;
    min-height: 0;
  }
  footer {
    grid-column: 1 / -1;
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
  /* the compare row names the variants and shows their figures: the graph gets the scene card's room */
  :host([comparing]) steer-scene-card {
    display: none;
  }
  steer-compare {
    grid-row: 2;
    grid-column: 1 / -1;
    min-height: 0;
  }
`;

function renderCompare(app: AppView, c: CompareSession): TemplateResult {
  const { A, B } = c.variants;
  return html`<steer-compare
    .sceneA=${A.session.doc}
    .sourceA=${A.build.source}
    .sceneB=${B.session.doc}
    .sourceB=${B.build.source}
    .editing=${c.editing}
    .editPath=${app.editPath}
    @compare-editing=${(e: CustomEvent<{ variant: Variant }>) => app.setEditing(e.detail.variant)}
    @compare-keep=${(e: CustomEvent<{ variant: Variant }>) => app.keepVariant(e.detail.variant)}
    @variant-scene-edit=${(e: CustomEvent<VariantSceneEditDetail>) => app.onVariantSceneEdit(e.detail)}
    @preview-stats=${(e: CustomEvent<PreviewStats>) => (app.stats = e.detail)}
    @preview-error=${(e: CustomEvent<{ message: string }>) => (app.notice = `Preview: ${e.detail.message}`)}
  ></steer-compare>`;
}

/** The app's regions and what fills them: toolbar, palette, compare row, graph column, preview column, status line and overlays. */
export function renderApp(app: AppView): TemplateResult {
  const doc = app.doc;
  const type = doc.agentTypes.find((t) => t.id === app.typeId);
  const errors = app.compiled.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = app.compiled.diagnostics.length - errors;
  const agents = doc.agentTypes.reduce((s, t) => s + t.count, 0);
  return html`
    <header>
      <span class="brand">Steergraph</span>
      <input class="name" aria-label="Scene name" .value=${doc.name}
        @change=${(e: Event) => {
          const v = (e.target as HTMLInputElement).value.trim();
          if (v && v.length <= 200) app.apply(updateScene({ name: v }));
          else (e.target as HTMLInputElement).value = doc.name;
        }} />
      <span class="dirty" data-test="dirty">${app.dirty ? '● unsaved' : ''}</span>
      ${app.fileName
        ? html`<span class="file" data-test="file" title="Save (Ctrl+S) writes this file; Save as… (Ctrl+Shift+S) picks another">${app.dirty ? '' : 'saved to '}${printable(app.fileName)}</span>`
        : nothing}
      <button data-test="new" @click=${() => app.newScene()}>New</button>
      <span class="dropdown" data-menu="presets">
        <button data-test="presets" aria-haspopup="menu" aria-expanded=${app.presetsOpen} @click=${() => (app.presetsOpen = !app.presetsOpen)}>Presets ▾</button>
        ${app.presetsOpen
          ? html`<div class="dropdown-menu presets" role="menu">
              ${PRESETS.map(
                (p) => html`<button role="menuitem" data-preset=${p.key} @click=${() => app.openPreset(p.key)}>
                  ${p.doc.name}<small>${p.doc.description}</small>
                </button>`,
              )}
            </div>`
          : nothing}
      </span>
      <button data-test="open" @click=${() => void app.open()}>Open…</button>
      <button data-test="save" title=${app.fileName ? `Write ${printable(app.fileName)} (Ctrl+S)` : 'Save the scene (Ctrl+S)'} @click=${() => void app.save()}>Save</button>
      ${app.savesInPlace
        ? html`<button data-test="save-as" title="Save to another file (Ctrl+Shift+S)" @click=${() => void app.save(true)}>Save as…</button>`
        : nothing}
      <span class="dropdown" data-menu="export">
        <button data-test="export" aria-haspopup="menu" aria-expanded=${app.exportOpen} @click=${() => (app.exportOpen = !app.exportOpen)}>Export ▾</button>
        ${app.exportOpen
          ? html`<div class="dropdown-menu" role="menu">
              <button role="menuitem" data-test="export-js" @click=${() => app.exportModule('js')}>Behaviour module (.js)<small>Standalone ES module for your game</small></button>
              <button role="menuitem" data-test="export-dts" @click=${() => app.exportModule('dts')}>Type declarations (.d.ts)<small>For TypeScript games</small></button>
            </div>`
          : nothing}
      </span>
      <span class="sep"></span>
      <button data-test="undo" title="Undo (Ctrl+Z)" ?disabled=${!app.history.canUndo} @click=${() => app.undo()}>Undo</button>
      <button data-test="redo" title="Redo (Ctrl+Shift+Z)" ?disabled=${!app.history.canRedo} @click=${() => app.redo()}>Redo</button>
      <span class="sep"></span>
      <button data-test="compare" aria-pressed=${app.compare ? 'true' : 'false'} ?disabled=${!!app.compare}
        title="Run this scene and a duplicate (B) side by side, same seed and pointer; Keep A or Keep B ends it"
        @click=${() => app.startCompare()}>Compare A/B</button>
      <span class="spacer"></span>
    </header>

    <steer-palette .groups=${app.doc.groups ?? []} @node-add=${(e: CustomEvent<{ kind: string }>) => app.editor?.addNodeAt(e.detail.kind, ...app.graphCentre())}
      @group-export=${(e: CustomEvent<{ id: string }>) => app.groups.exportGroup(e.detail.id)} @group-import=${() => app.groups.importFile()}
      @group-delete=${(e: CustomEvent<{ id: string }>) => app.groups.remove(e.detail.id)}></steer-palette>

    ${app.compare ? renderCompare(app, app.compare) : nothing}

    <div class="center"
      @state-rename=${(e: CustomEvent<{ index: number }>) => (e.currentTarget as HTMLElement).querySelector<SteerStateBar>('steer-state-bar')?.rename(e.detail.index)}>
      <div class="tabs" role="tablist" aria-label="Agent types">
        ${doc.agentTypes.map(
          (t) => html`<span class="tab">
            <button role="tab" data-type=${t.id} aria-selected=${t.id === app.typeId ? 'true' : 'false'}
              @click=${() => {
                app.typeId = t.id;
                app.panel = app.panel === 'world' ? 'world' : app.panel;
              }}
              @dblclick=${() => app.types.rename(t.id)} title="Double-click to rename">
              <span class="swatch" style="background:${t.color}"></span>${t.name}
              ${doc.agentTypes.length > 1
                ? html`<span class="close" role="button" aria-label="Delete ${t.name}" title="Delete this agent type"
                    @click=${(e: Event) => {
                      e.stopPropagation();
                      app.deleteType(t.id);
                    }}>×</span>`
                : nothing}
            </button>
          </span>`,
        )}
        <button data-test="add-type" title="Add an agent type" @click=${() => app.addType()}>+ Type</button>
      </div>
      <steer-scene-card .name=${doc.name} .description=${doc.description}></steer-scene-card>
      ${type
        ? html`<steer-state-bar .actions=${app.states} .type=${type} .shown=${app.stateIndex} .view=${app.stateView}
            .diagnostics=${app.compiled.diagnostics}></steer-state-bar>`
        : nothing}
      <div class="graph"
        @contextmenu=${(e: Event) => e.preventDefault()}>
        <div class="canvas"><slot name="editor"></slot>${renderGroupBreadcrumb(doc, app.typeId, app.stateIndex, app.groupPath, (k) => app.groups.leave(k), (id, name) => app.groups.rename(id, name))}${app.stateView && type
          ? html`<steer-state-view .actions=${app.states} .type=${type} .shown=${app.stateIndex} .source=${app.inspected}></steer-state-view>`
          : nothing}</div>
        <div class="graph-bar" ?hidden=${app.stateView}>
          <div class="graph-tools">
            <button data-test="fit" title="Fit the graph in view (text stays legible: a big graph extends beyond the view)" @click=${() => void app.editor?.zoomToFit()}>Fit</button>
            <button data-test="arrange" @click=${() => void app.editor?.arrange()}>Arrange</button>
            ${app.graphShort
              ? html`<button data-test="minimap-toggle" aria-pressed="false" disabled
                  title="No room for the minimap: the graph area is too short (a low window, A/B compare). It shows again when there is room.">Minimap</button>`
              : html`<button data-test="minimap-toggle" aria-pressed=${app.minimapShown ? 'true' : 'false'} title="Show or hide the minimap"
                  @click=${() => app.toggleMinimap()}>Minimap</button>`}
            <button data-test="grid-toggle" aria-pressed=${app.editor?.grid.on() ? 'true' : 'false'} title="Snap dragged nodes to a 20 px grid (remembered in this browser)"
              @click=${(e: Event) => (e.currentTarget as HTMLElement).setAttribute('aria-pressed', String(app.editor?.grid.toggle() ?? false))}>Grid</button>
          </div>
          <div class="minimap-dock" data-test="minimap-dock" ?hidden=${!app.minimapShown || app.graphShort}></div>
        </div>
      </div>
    </div>

    <div class="right">
      <steer-preview
        .scene=${doc}
        .source=${app.source}
        .editPath=${app.editPath}
        .selectedWall=${app.selectedWall}
        @scene-edit=${(e: CustomEvent<SceneEditDetail>) => app.onSceneEdit(e.detail)}
        @wall-select=${(e: CustomEvent<{ id: string | null }>) => (app.selectedWall = e.detail.id)}
        @preview-stats=${(e: CustomEvent<PreviewStats>) => (app.stats = e.detail)}
        @preview-error=${(e: CustomEvent<{ message: string }>) => (app.notice = `Preview: ${e.detail.message}`)}
      ></steer-preview>
      <div class="panel-tabs" role="tablist">
        <button role="tab" data-panel="type" aria-selected=${app.panel === 'type'} @click=${() => (app.panel = 'type')}>Agent type</button>
        <button role="tab" data-panel="world" aria-selected=${app.panel === 'world'} @click=${() => (app.panel = 'world')}>World</button>
        <button role="tab" data-panel="problems" aria-selected=${app.panel === 'problems'} @click=${() => (app.panel = 'problems')}>
          Problems${app.compiled.diagnostics.length ? ` (${app.compiled.diagnostics.length})` : ''}
        </button>
        <button role="tab" data-panel="inspect" aria-selected=${app.panel === 'inspect'} @click=${() => (app.panel = 'inspect')}>Inspect</button>
      </div>
      <div class="panel">
        ${app.panel === 'inspect'
          ? html`<steer-inspector .source=${app.inspected} .scene=${app.inspected ? ((app.inspected as { scene?: SceneDocument }).scene ?? doc) : doc}></steer-inspector>`
          : app.panel === 'type'
          ? html`<steer-type-panel .type=${type} .types=${doc.agentTypes} .idFollowsName=${app.types.idFollowsName(app.typeId)} .live=${app.params.live}
              @type-change=${(e: CustomEvent<TypeChangeDetail>) => app.types.change(e.detail)}
              @type-rename=${(e: CustomEvent<TypeRenameDetail>) => app.types.renameId(e.detail.from, e.detail.to)}></steer-type-panel>`
          : app.panel === 'world'
            ? html`<steer-world-panel .world=${doc.world} .editPath=${app.editPath} .selectedWall=${app.selectedWall}
                @world-change=${(e: CustomEvent<WorldChange>) => app.onWorldChange(e.detail)}></steer-world-panel>`
            : html`<steer-problems .diagnostics=${app.compiled.diagnostics} .scene=${doc}
                @problem-select=${(e: CustomEvent<{ agentType: string; state?: number; nodeId?: string }>) => {
                  app.typeId = e.detail.agentType;
                  app.stateIndex = e.detail.state ?? 0;
                  app.stateView = false;
                  const id = e.detail.nodeId;
                  if (id) void app.updateComplete.then(() => app.editor?.show(app.doc, app.shownAt(), app.compiled.diagnostics)).then(() => app.editor?.focusNode(id));
                }}></steer-problems>`}
      </div>
    </div>

    <footer>
      <span data-test="problems-count" class=${errors ? 'errors' : warnings ? 'warnings' : 'ok'}>
        ${errors || warnings ? `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : 'No problems'}
      </span>
      <span data-test="agents">${agents.toLocaleString('en-US')} ${agents === 1 ? 'agent' : 'agents'}</span>
      <span data-test="ms">${app.stats ? `${app.stats.msPerTick.toFixed(2)} ms/tick` : '– ms/tick'}</span>
      <span data-test="fps">${app.stats ? `${Math.round(app.stats.fps)} fps` : '– fps'}</span>
      <span data-test="tick">${app.stats ? `tick ${app.stats.tick}` : ''}</span>
      <span class="spacer"></span>
      ${app.notice ? html`<span class="notice" data-test="notice">${app.notice}</span>` : nothing}
      <steer-unreadable-drafts></steer-unreadable-drafts>
    </footer>

    ${app.menu
      ? html`<steer-node-menu style="left:${app.menu.x}px;top:${app.menu.y}px" .wire=${app.menu.wire}
          @node-pick=${(e: CustomEvent<{ kind: string }>) => {
            const m = app.menu!;
            app.menu = null;
            app.editor?.addNodeAt(e.detail.kind, m.clientX, m.clientY, m.wire);
          }}
          @menu-close=${() => (app.menu = null)}></steer-node-menu>`
      : nothing}

    ${app.shortcutsOpen
      ? html`<steer-shortcuts data-test="shortcuts" @shortcuts-close=${() => (app.shortcutsOpen = false)}></steer-shortcuts>`
      : nothing}

    ${app.dialog
      ? html`<dialog data-test="dialog" @close=${() => (app.dialog = null)}>
          <h3>${app.dialog.title}</h3>
          <ul>${app.dialog.lines.map((l) => html`<li>${l}</li>`)}</ul>
          <form method="dialog"><button>OK</button></form>
        </dialog>`
      : nothing}
    ${app.helpKind ? html`<steer-node-help .kind=${app.helpKind} @help-close=${() => (app.helpKind = null)}></steer-node-help>` : nothing}
    <div class="drop-hint">Drop a .steer.json file to open it</div>
    ${app.probeTip ? html`<steer-probe-tip data-test="probe-tip" .source=${app.inspected} .target=${app.probeTip}></steer-probe-tip>` : nothing}
  `;
}
