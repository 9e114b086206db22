/**
 * Orientation at compile time (BEHAVIORS.md, "Orientation"): an agent type's maxTurnRate becomes
 * the pair (cosMax, sinMax) = dsincos(maxTurnRate), computed here once per compile with only
 * + − × ÷ and floor (so the page and the CLI emit the same bits), and its headingSmoothing k goes
 * along; both into the type's layout in the PROGRAM table (runtime/orientation.ts applies them).
 */
import { dsincos } from '../../nodes/dsincos';
import type { AgentType } from '../document/types';
import { numberLiteral } from './literal';

/** A type's orientation as compiled: `turn` absent for no limit (none, or 180°, which never limits); `smoothing` absent for off. */
export interface LoweredOrientation {
  turn?: [number, number];
  smoothing?: number;
}

/** The compiled orientation of an agent type. */
export function lowerOrientation(t: Pick<AgentType, 'maxTurnRate' | 'headingSmoothing'>): LoweredOrientation {
  const out: LoweredOrientation = {};
  const r = t.maxTurnRate;
  if (r !== undefined && r > 0 && r < 180) out.turn = dsincos(r);
  const k = t.headingSmoothing;
  if (k !== undefined && k >= 2) out.smoothing = k;
  return out;
}

/** The layout entries of a compiled orientation (empty without one, so such a type's layout is as before). */
export function orientationLayout(o: LoweredOrientation | undefined): string {
  if (!o) return '';
  return `${o.turn ? `, turn: [${numberLiteral(o.turn[0])}, ${numberLiteral(o.turn[1])}]` : ''}${o.smoothing ? `, smoothing: ${o.smoothing}` : ''}`;
}
