/**
 * Gives the Lit plugin's minimap elements Steergraph's look (and applies the patches of their
 * slow render, ./patches/lit-minimap.ts). Their styles live in their shadow
 * roots, so the extra rules are appended to each element class's `elementStyles` before the
 * first instance renders.
 */
import { css, type CSSResultOrNative, unsafeCSS } from 'lit';
import { cacheMinimapWidth, translateMiniNodes } from './patches/lit-minimap';

const RULES: Record<string, string> = {
  // The minimap is laid out on its own: each mini node it moves (every step of a node's drag) laid
  // out the whole page again, 3-5 ms a frame with 200 nodes. It fills its dock under the canvas
  // (app.ts) without taking its pointer events; the map itself keeps them. Its mini nodes are
  // placed in its content box scaled by its clientWidth: no padding, and the border outside, so
  // the graph's full height fits (with both inside, the bottom row was cut off).
  'rete-minimap': `:host { position: absolute; inset: 0; contain: strict; pointer-events: none; } .minimap { pointer-events: auto; } .minimap { background: var(--steer-minimap) !important; border: 1px solid var(--steer-button-border) !important; right: 0 !important; bottom: 0 !important; padding: 0 !important; box-sizing: content-box !important; }`,
  'rete-mini-node': `.mini-node { background: var(--steer-minimap-node) !important; border: 1px solid var(--steer-minimap-node-border) !important; box-sizing: border-box; }`,
  'rete-mini-viewport': `.mini-viewport { background: var(--steer-minimap-view) !important; border: 1px solid var(--steer-highlight) !important; }`,
};

let done = false;

/** Applies the overrides once (after the Lit plugin defined its elements). */
export function restyleReteElements(): void {
  if (done) return;
  done = true;
  cacheMinimapWidth();
  translateMiniNodes();
  for (const [tag, rule] of Object.entries(RULES)) {
    const ctor = customElements.get(tag) as (CustomElementConstructor & { elementStyles?: CSSResultOrNative[] }) | undefined;
    ctor?.elementStyles?.push(css`${unsafeCSS(rule)}`);
  }
}
