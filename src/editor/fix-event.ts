/**
 * A warning's one-click fix (src/compiler/physics.ts gives a `fix` with the parameter values that
 * make it go): the node's fix button and the problems list dispatch this event, which bubbles out
 * of their shadow roots to the app, which applies the values as one undoable edit.
 */
import type { Diagnostic } from '../compiler/diagnostics';

export const FIX_EVENT = 'diagnostic-fix';

/** What a fix event carries. */
export interface FixDetail {
  agentType: string;
  /** The state whose graph holds the node (absent: the first). */
  state?: number;
  nodeId: string;
  params: Record<string, number | boolean>;
  label: string;
}

/** The event that applies a diagnostic's fix, or null when it has none. */
export function fixEvent(d: Diagnostic): CustomEvent<FixDetail> | null {
  if (!d.fix || !d.nodeId) return null;
  const detail: FixDetail = { agentType: d.agentType, ...(d.state !== undefined ? { state: d.state } : {}), nodeId: d.nodeId, params: d.fix.params, label: d.fix.label };
  return new CustomEvent(FIX_EVENT, { detail, bubbles: true, composed: true });
}
