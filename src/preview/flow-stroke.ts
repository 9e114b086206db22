/**
 * The Flow brush of the preview, as the canvas gestures drive it: a left drag paints the flow
 * field along the stroke (Shift: erases), drawn live from the stroke so far and sent on release as
 * one `paint-flow` scene edit (one undo step; document/flow-commands.ts does the painting, here and
 * in the document alike). It also keeps where the mouse is, for the brush's circle.
 */
import { withFlowStroke } from '../document/flow-commands';
import type { SceneDocument } from '../document/types';
import type { FlowBrushView } from './paint/flow';
import type { SceneEditDetail } from './preview-events';

/** The brush radius, world px. */
export const FLOW_BRUSH_RADIUS = 30;
/** A stroke takes a new point once the mouse moved this far, world px (shorter moves would give noisy directions). */
const MIN_STEP = 6;

const round = (v: number) => Math.round(v * 10) / 10;

/** See the file comment. */
export class FlowStroke {
  /** The stroke under way (world px), or null. */
  private points: [number, number][] | null = null;
  private erase = false;
  private mouse: [number, number] | null = null;
  private shift = false;
  radius = FLOW_BRUSH_RADIUS;

  /** Whether a stroke is under way. */
  get active(): boolean {
    return this.points !== null;
  }

  /** A left press at world (x, y): a stroke begins (Shift: an erasing one). */
  begin(x: number, y: number, shift: boolean): void {
    this.points = [[round(x), round(y)]];
    this.erase = shift;
    this.mouse = [x, y];
  }

  /** The mouse at world (x, y); true when the stroke took a point (redraw). */
  move(x: number, y: number, shift: boolean): void {
    this.mouse = [x, y];
    this.shift = shift;
    const p = this.points;
    if (!p) return;
    const last = p[p.length - 1];
    if ((x - last[0]) ** 2 + (y - last[1]) ** 2 >= MIN_STEP * MIN_STEP) p.push([round(x), round(y)]);
  }

  /** The release: the stroke as a scene edit (null: none under way). */
  end(): SceneEditDetail | null {
    const p = this.points;
    this.points = null;
    if (!p) return null;
    return { kind: 'paint-flow', points: p, radius: this.radius, erase: this.erase };
  }

  /** A cancelled stroke paints nothing. */
  cancel(): void {
    this.points = null;
  }

  /** The mouse left the canvas: no brush circle. */
  leave(): void {
    this.mouse = null;
  }

  /** The scene as drawn: with the stroke under way painted in. */
  drawn(scene: SceneDocument | null): SceneDocument | null {
    if (!scene || !this.points) return scene;
    return withFlowStroke(scene, this.points, this.radius, this.erase);
  }

  /** The brush's circle at the mouse, or null when the mouse is away. */
  view(): FlowBrushView | null {
    if (!this.mouse) return null;
    return { x: this.mouse[0], y: this.mouse[1], radius: this.radius, erase: this.points ? this.erase : this.shift };
  }
}
