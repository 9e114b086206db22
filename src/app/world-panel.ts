import { LitElement, css, html } from 'lit';
import { freshId } from '../document/commands';
import { RANGES, type Range } from '../document/schema';
import { ID_PATTERN, type NamedTarget, type Obstacle, type SceneWorld, type ScenePath } from '../document/types';
import { panelStyles } from './styles';

/** What the world panel asks the app to change. */
export type WorldChange =
  | { kind: 'world'; patch: Partial<Pick<SceneWorld, 'width' | 'height' | 'edges' | 'seed'>>; mergeKey?: string }
  | { kind: 'obstacles'; obstacles: Obstacle[]; mergeKey?: string }
  | { kind: 'paths'; paths: ScenePath[]; mergeKey?: string }
  | { kind: 'targets'; targets: NamedTarget[]; mergeKey?: string }
  | { kind: 'edit-path'; id: string | null }
  /** Wall `id` closed or opened, made solid or a region. */
  | { kind: 'wall'; id: string; patch: { closed?: boolean; solid?: boolean } }
  | { kind: 'remove-wall'; id: string }
  /** A wall picked in the list (the preview's Walls tool shows it selected); no edit. */
  | { kind: 'select-wall'; id: string | null };

/** Radius of an obstacle added with *Add obstacle*, px. */
export const NEW_OBSTACLE_R = 30;

/**
 * Where *Add obstacle* puts one of radius `r`: the free spot nearest the world's centre on a grid
 * of 2r + 10 px, clear of every obstacle there (by 10 px) and inside the world; the centre when
 * there is no such spot. Each new obstacle so lands where it can be seen and grabbed.
 */
export function freeSpot(world: Pick<SceneWorld, 'width' | 'height' | 'obstacles'>, r = NEW_OBSTACLE_R): { x: number; y: number } {
  const cx = Math.round(world.width / 2);
  const cy = Math.round(world.height / 2);
  const gap = 10;
  const s = 2 * r + gap;
  const free = (x: number, y: number): boolean =>
    world.obstacles.every((o) => (o.x - x) ** 2 + (o.y - y) ** 2 >= (o.r + r + gap) ** 2);
  const nx = Math.min(50, Math.floor((world.width / 2 - r) / s));
  const ny = Math.min(50, Math.floor((world.height / 2 - r) / s));
  const spots: { x: number; y: number; d: number }[] = [];
  for (let i = -nx; i <= nx; i++) for (let j = -ny; j <= ny; j++) spots.push({ x: cx + i * s, y: cy + j * s, d: i * i + j * j });
  // nearest the centre first; among equals, in a fixed order (the sort is stable)
  spots.sort((a, b) => a.d - b.d);
  const spot = spots.find((p) => free(p.x, p.y));
  return spot ? { x: spot.x, y: spot.y } : { x: cx, y: cy };
}

/**
 * The world's fields: size, edges and seed; the obstacles, paths and named targets, each editable
 * in place. A path can be switched to editing: then, in the preview, a click adds a point, a click
 * on a segment inserts one, a point drags, and Delete (on the selected point) or Alt-click removes one.
 * Dispatches `world-change` with a {@link WorldChange}.
 */
export class SteerWorldPanel extends LitElement {
  static properties = {
    world: { attribute: false },
    editPath: { attribute: false },
    selectedWall: { attribute: false },
  };

  /** The world shown. */
  declare world: SceneWorld | undefined;
  /** The id of the path being edited in the preview, or null. */
  declare editPath: string | null;
  /** The selected wall, or null. */
  declare selectedWall: string | null;

  static styles = [
    panelStyles,
    css`
      table {
        border-collapse: collapse;
        width: 100%;
      }
      td {
        padding: 1px 2px;
      }
      td steer-number-field {
        width: 100%;
      }
      .actions steer-number-field {
        width: 64px;
      }
      .x {
        padding: 1px 6px;
      }
      .row.selected {
        outline: 1px solid var(--steer-highlight);
        border-radius: 3px;
      }
      .wall-id {
        cursor: pointer;
        background: none;
        border: none;
        color: inherit;
        font: inherit;
        padding: 0 2px;
      }
      .actions {
        margin-top: 4px;
        display: flex;
        gap: 6px;
      }
    `,
  ];

  constructor() {
    super();
    this.world = undefined;
    this.editPath = null;
    this.selectedWall = null;
  }

  private emit(change: WorldChange): void {
    this.dispatchEvent(new CustomEvent('world-change', { detail: change, bubbles: true, composed: true }));
  }

  /** A table cell's number field (the app's one number field, without a visible label). */
  private num(value: number, range: Range, label: string, commit: (v: number) => void) {
    return html`<steer-number-field
      compact
      .label=${label}
      .value=${value}
      .range=${range}
      .step=${1}
      @value-change=${(e: CustomEvent<{ value: number }>) => {
        e.stopPropagation();
        commit(e.detail.value);
      }}
    ></steer-number-field>`;
  }

  render() {
    const w = this.world;
    if (!w) return html``;
    const walls = w.walls ?? [];
    const obs = (k: number, patch: Partial<Obstacle>, field: string) =>
      this.emit({ kind: 'obstacles', obstacles: w.obstacles.map((o, j) => (j === k ? { ...o, ...patch } : o)), mergeKey: `obstacle:${k}:${field}` });
    const tgt = (k: number, patch: Partial<NamedTarget>, field: string) =>
      this.emit({ kind: 'targets', targets: w.targets.map((t, j) => (j === k ? { ...t, ...patch } : t)), mergeKey: `target:${k}:${field}` });
    return html`
      <h3>World</h3>
      <steer-number-field data-field="width" .label=${'Width'} .value=${w.width} .range=${RANGES.worldSize} .step=${10}
        @value-change=${(e: CustomEvent<{ value: number }>) => this.emit({ kind: 'world', patch: { width: e.detail.value }, mergeKey: 'world:width' })}></steer-number-field>
      <steer-number-field data-field="height" .label=${'Height'} .value=${w.height} .range=${RANGES.worldSize} .step=${10}
        @value-change=${(e: CustomEvent<{ value: number }>) => this.emit({ kind: 'world', patch: { height: e.detail.value }, mergeKey: 'world:height' })}></steer-number-field>
      <div class="row">
        <label for="edges">Edges</label>
        <select id="edges" aria-label="Edges" @change=${(e: Event) => this.emit({ kind: 'world', patch: { edges: (e.target as HTMLSelectElement).value as 'wrap' | 'bounce' } })}>
          <option value="wrap" ?selected=${w.edges === 'wrap'}>Wrap around</option>
          <option value="bounce" ?selected=${w.edges === 'bounce'}>Bounce</option>
        </select>
      </div>
      <steer-number-field data-field="seed" .label=${'Seed'} .value=${w.seed} .range=${RANGES.seed} .step=${1}
        @value-change=${(e: CustomEvent<{ value: number }>) => this.emit({ kind: 'world', patch: { seed: e.detail.value }, mergeKey: 'world:seed' })}></steer-number-field>

      <h4>Obstacles (${w.obstacles.length})</h4>
      ${w.obstacles.length
        ? html`<table>
            <tr><td>x</td><td>y</td><td>r</td><td>vx</td><td>vy</td><td></td></tr>
            ${w.obstacles.map(
              (o, k) => html`<tr data-obstacle=${k}>
                <td>${this.num(o.x, RANGES.coordinate, `Obstacle ${k + 1} x`, (v) => obs(k, { x: v }, 'x'))}</td>
                <td>${this.num(o.y, RANGES.coordinate, `Obstacle ${k + 1} y`, (v) => obs(k, { y: v }, 'y'))}</td>
                <td>${this.num(o.r, RANGES.obstacleRadius, `Obstacle ${k + 1} radius`, (v) => obs(k, { r: v }, 'r'))}</td>
                <td>${this.num(o.vx ?? 0, RANGES.obstacleVelocity, `Obstacle ${k + 1} vx`, (v) => obs(k, { vx: v }, 'vx'))}</td>
                <td>${this.num(o.vy ?? 0, RANGES.obstacleVelocity, `Obstacle ${k + 1} vy`, (v) => obs(k, { vy: v }, 'vy'))}</td>
                <td><button class="x" aria-label="Remove obstacle ${k + 1}" @click=${() => this.emit({ kind: 'obstacles', obstacles: w.obstacles.filter((_, j) => j !== k) })}>×</button></td>
              </tr>`,
            )}
          </table>`
        : html`<p class="hint">No obstacles. Avoid steers around them; drag them in the preview.</p>`}
      <div class="actions">
        <button @click=${() => this.emit({ kind: 'obstacles', obstacles: [...w.obstacles, { ...freeSpot(w), r: NEW_OBSTACLE_R }] })}>Add obstacle</button>
      </div>

      <h4>Paths (${w.paths.length})</h4>
      ${w.paths.map(
        (p, k) => html`<div class="row" data-path=${p.id}>
          <label>${p.id}</label>
          <span class="actions">
            <label><input type="checkbox" aria-label="Loop ${p.id}" .checked=${p.loop}
              @change=${(e: Event) => this.emit({ kind: 'paths', paths: w.paths.map((q, j) => (j === k ? { ...q, loop: (e.target as HTMLInputElement).checked } : q)) })} /> loop</label>
            <span>${p.points.length} pts</span>
            <button aria-pressed=${this.editPath === p.id ? 'true' : 'false'} title="In the preview: click to add a point at the end, click a segment to insert one, drag a point to move it, select it and press Delete (or Alt-click it) to remove it"
              @click=${() => this.emit({ kind: 'edit-path', id: this.editPath === p.id ? null : p.id })}>${this.editPath === p.id ? 'Done' : 'Edit'}</button>
            <button @click=${() => this.emit({ kind: 'paths', paths: w.paths.map((q, j) => (j === k ? { ...q, points: [] } : q)) })}>Clear</button>
            <button class="x" aria-label="Remove path ${p.id}" @click=${() => this.emit({ kind: 'paths', paths: w.paths.filter((_, j) => j !== k) })}>×</button>
          </span>
        </div>`,
      )}
      <div class="actions">
        <button
          @click=${() => {
            const id = freshId('path', w.paths.map((p) => p.id));
            this.emit({ kind: 'paths', paths: [...w.paths, { id, points: [], loop: true }] });
            this.emit({ kind: 'edit-path', id });
          }}
        >Add path</button>
      </div>

      <h4>Walls (${walls.length})</h4>
      ${walls.length
        ? walls.map(
            (wl) => html`<div class="row ${this.selectedWall === wl.id ? 'selected' : ''}" data-wall=${wl.id}>
              <button class="wall-id" aria-pressed=${this.selectedWall === wl.id ? 'true' : 'false'} title="Select it (the preview's Walls tool shows it)"
                @click=${() => this.emit({ kind: 'select-wall', id: this.selectedWall === wl.id ? null : wl.id })}>${wl.id}</button>
              <span class="actions">
                <span>${wl.points.length} pts</span>
                <label title=${wl.points.length < 3 ? 'A closed wall needs 3 points' : 'A polygon: the last point joins the first'}><input type="checkbox" aria-label="Closed ${wl.id}" .checked=${wl.closed} ?disabled=${!wl.closed && wl.points.length < 3}
                  @change=${(e: Event) => this.emit({ kind: 'wall', id: wl.id, patch: { closed: (e.target as HTMLInputElement).checked } })} /> closed</label>
                <label title="Solid walls stop agents, feed Wall Avoid and block sight; a non-solid closed wall is a region (Contain)"><input type="checkbox" aria-label="Solid ${wl.id}" .checked=${wl.solid !== false}
                  @change=${(e: Event) => this.emit({ kind: 'wall', id: wl.id, patch: { solid: (e.target as HTMLInputElement).checked } })} /> solid</label>
                <button class="x" aria-label="Remove wall ${wl.id}" @click=${() => this.emit({ kind: 'remove-wall', id: wl.id })}>×</button>
              </span>
            </div>`,
          )
        : html`<p class="hint">No walls. Draw them with the preview's <b>Walls</b> tool (W).</p>`}

      <h4>Named targets (${w.targets.length})</h4>
      ${w.targets.map(
        (t, k) => html`<div class="row" data-target=${t.name}>
          <input aria-label="Target ${k + 1} name" .value=${t.name}
            @change=${(e: Event) => {
              const el = e.target as HTMLInputElement;
              const v = el.value.trim();
              if (ID_PATTERN.test(v) && !w.targets.some((x, j) => j !== k && x.name === v)) tgt(k, { name: v }, 'name');
              else el.value = t.name;
            }} />
          <span class="actions">
            ${this.num(t.x, RANGES.coordinate, `Target ${t.name} x`, (v) => tgt(k, { x: v }, 'x'))}
            ${this.num(t.y, RANGES.coordinate, `Target ${t.name} y`, (v) => tgt(k, { y: v }, 'y'))}
            <button class="x" aria-label="Remove target ${t.name}" @click=${() => this.emit({ kind: 'targets', targets: w.targets.filter((_, j) => j !== k) })}>×</button>
          </span>
        </div>`,
      )}
      <div class="actions">
        <button @click=${() => this.emit({ kind: 'targets', targets: [...w.targets, { name: freshId('target', w.targets.map((t) => t.name)), x: Math.round(w.width / 2), y: Math.round(w.height / 2) }] })}>Add target</button>
      </div>
      <p class="hint">Your game moves named targets with <code>world.setTarget(name, x, y)</code>.</p>
    `;
  }
}
