/**
 * What the preview's control bar does (control-bar.ts draws it): play and pause, step back and
 * forward, reset, the speed, a reset with the seed typed (a whole number from 0 to 4294967295,
 * the scene's seed from then on), fit, the overlay menu and its overlays. Free of Lit; the element
 * (preview.ts) gives it the little it needs of itself.
 */
import type { ControlBarActions } from './control-bar';
import type { SceneEditDetail } from './preview-events';

/** What the bar's actions need of the element. */
export interface BarClient {
  togglePlaying(): void;
  setSpeed(speed: number): void;
  seek(tick: number): void;
  stepBack(): void;
  step(): void;
  reset(seed?: number): void;
  fit(): void;
  toggleMenu(): void;
  /** Turns the Walls tool on or off. */
  toggleWallTool(): void;
  /** Turns the Flow brush on or off. */
  toggleFlowBrush(): void;
  /** The overlays drawn now. */
  overlays(): ReadonlySet<string>;
  /** Draws these overlays from now on, as picked in the bar's menu (the element tells, `overlays-change`). */
  pickOverlays(next: Set<string>): void;
  /** The seed field's text as typed. */
  seedText(): string;
  /** The scene's seed (undefined: no scene). */
  sceneSeed(): number | undefined;
  error(message: string): void;
  edit(detail: SceneEditDetail): void;
}

/** The bar's actions over the element's; see the file comment. */
export function barActions(on: BarClient): ControlBarActions {
  const resetWithSeed = (): void => {
    const text = on.seedText().trim();
    const seed = Number(text);
    if (text === '' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      on.error(`The seed must be a whole number from 0 to 4294967295, got "${text}"`);
      return;
    }
    on.reset(seed);
    // one seed: the scene's (the World panel's) from now on
    const sceneSeed = on.sceneSeed();
    if (sceneSeed !== undefined && sceneSeed !== seed) on.edit({ kind: 'set-seed', seed });
  };
  return {
    seek: (e) => on.seek(e.detail.tick),
    togglePlaying: () => on.togglePlaying(),
    stepBack: () => on.stepBack(),
    step: () => on.step(),
    reset: () => on.reset(),
    speed: (e) => on.setSpeed(Number((e.target as HTMLSelectElement).value)),
    // what is typed stays in the field (writing it back into the state re-rendered an unfinished
    // "1e" as ""): the field is read when the seed is used
    seedInput: () => {},
    seedKey: (e) => {
      if (e.key === 'Enter') resetWithSeed();
    },
    resetWithSeed,
    fit: () => on.fit(),
    toggleMenu: () => on.toggleMenu(),
    toggleWallTool: () => on.toggleWallTool(),
    toggleFlowBrush: () => on.toggleFlowBrush(),
    toggleOverlay: (name, shown) => {
      const next = new Set(on.overlays());
      if (shown) next.add(name);
      else next.delete(name);
      on.pickOverlays(next);
    },
  };
}
