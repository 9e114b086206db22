/**
 * The preview's view as it changes: fitted to the world until the user pans or zooms, refitted
 * while fitted when the box or the world's size changes. A plain object over the pure view.ts.
 */
import { IDENTITY, fitView, panBy, zoomAt, type View } from './view';

/** Room left around the fitted world, CSS px. */
const FIT_MARGIN_PX = 16;

/** See the file comment. */
export class ViewController {
  /** The view transform (see view.ts). */
  view: View = IDENTITY;
  /** True while the view is the fitted one. */
  fitted = true;
  private fittedSize = '';

  /**
   * Fits the view to a `world` of that size in a box of `width` × `height` CSS px, less `reserve`
   * px at the bottom (the control bar); with no world or no box the view stays, but counts as fitted.
   */
  fit(world: { width: number; height: number } | undefined, width: number, height: number, reserve: number): void {
    if (world && width > 0 && height > 0) {
      this.view = fitView(world.width, world.height, width, height - reserve, FIT_MARGIN_PX);
      this.fittedSize = `${world.width}×${world.height}`;
    }
    this.fitted = true;
  }

  /** Whether a world of this size wants a refit: the view is fitted, to a world of another size. */
  wantsFit(world: { width: number; height: number } | undefined): boolean {
    return !!world && this.fitted && `${world.width}×${world.height}` !== this.fittedSize;
  }

  /** Pans by (dx, dy) CSS px (the view is the user's from now on). */
  pan(dx: number, dy: number): void {
    this.view = panBy(this.view, dx, dy);
    this.fitted = false;
  }

  /** Zooms by `factor` around screen point (sx, sy) (the view is the user's from now on). */
  zoom(sx: number, sy: number, factor: number): void {
    this.view = zoomAt(this.view, sx, sy, factor);
    this.fitted = false;
  }
}
