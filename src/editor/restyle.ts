/**
 * Gives the Lit plugin's minimap elements Steergraph's look. Their styles live in their shadow
 * roots, so the extra rules are appended to each element class's `elementStyles` before the
 * first instance renders.
 */
import { css, type CSSResultOrNative, unsafeCSS } from 'lit';

const RULES: Record<string, string> = {
  'rete-minimap': `.minimap { background: rgba(20, 25, 31, 0.92) !important; border: 1px solid #343e4a !important; right: 12px !important; bottom: 12px !important; padding: 12px !important; }`,
  'rete-mini-node': `.mini-node { background: rgba(94, 200, 255, 0.55) !important; border: 1px solid rgba(190, 210, 230, 0.5) !important; }`,
  'rete-mini-viewport': `.mini-viewport { background: rgba(255, 209, 102, 0.12) !important; border: 1px solid #ffd166 !important; }`,
};

let done = false;

/** Applies the overrides once (after the Lit plugin defined its elements). */
export function restyleReteElements(): void {
  if (done) return;
  done = true;
  for (const [tag, rule] of Object.entries(RULES)) {
    const ctor = customElements.get(tag) as (CustomElementConstructor & { elementStyles?: CSSResultOrNative[] }) | undefined;
    ctor?.elementStyles?.push(css`${unsafeCSS(rule)}`);
  }
}
