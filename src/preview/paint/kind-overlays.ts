/**
 * The per-agent overlays that node kinds feed, and each agent type's drawing style. A kind says on
 * its definition which overlays it feeds from which parameters (`NodeDef.overlays`); a type's size
 * for an overlay is its nodes' (the first's or the widest, as the overlay says), else the default
 * of the first kind in the registry that feeds it. No kind is named here.
 */
import { NODE_DEFS, getNodeDef, paramValue } from '../../../nodes/index';
import { KIND_OVERLAYS, type KindOverlay, type NodeDef, type OverlaySizes, type ParamValue } from '../../../nodes/types';
import type { SceneDocument } from '../../document/types';
import { feelers } from './feelers';
import { FALLBACK_COLOR, type KindOverlayPainter, type TypeStyle } from './frame';
import { neighbours } from './neighbours';
import { wander } from './wander';

/** The painter of each kind overlay, in the order they are drawn under the bodies. */
export const KIND_PAINTERS: Readonly<Record<KindOverlay, KindOverlayPainter>> = { neighbours, wander, feelers };

type Graph = SceneDocument['agentTypes'][number]['states'][number]['graph'];

/** Which parameter of `def` gives each size of overlay `o`, when the kind feeds it. */
function feedOf(def: NodeDef | undefined, o: KindOverlay): Readonly<Record<string, string>> | undefined {
  return def?.overlays?.[o];
}

/** A number parameter's value on a node of `def` (its default without one), when finite. */
function numberOf(def: NodeDef, params: Readonly<Record<string, ParamValue>>, key: string): number | undefined {
  const p = def.params.find((x) => x.key === key);
  if (!p) return undefined;
  const v = paramValue(p, params);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** One size of overlay `o` for a graph: from its nodes that feed it, combined as the overlay says, else the default. */
function sizeOf(graph: Graph, o: KindOverlay, size: string): number {
  const combine = KIND_PAINTERS[o].combine;
  let found: number | undefined;
  for (const node of graph.nodes) {
    const def = getNodeDef(node.kind);
    const key = feedOf(def, o)?.[size];
    if (!def || key === undefined) continue;
    const v = numberOf(def, node.params, key);
    if (v === undefined) continue;
    if (combine === 'first') return v;
    found = found === undefined ? v : Math.max(found, v);
  }
  if (found !== undefined) return found;
  // the default of the first kind in the registry that feeds it
  const fallback = NODE_DEFS.find((d) => feedOf(d, o));
  const key = feedOf(fallback, o)?.[size];
  return (fallback && key !== undefined && numberOf(fallback, {}, key)) || 0;
}

/** The sizes of every kind overlay for a graph. */
export function overlaySizes(graph: Graph): OverlaySizes {
  const sizes: Record<string, Record<string, number>> = {};
  for (const o of KIND_OVERLAYS) {
    const names = Object.keys(feedOf(NODE_DEFS.find((d) => feedOf(d, o)), o) ?? {});
    sizes[o] = Object.fromEntries(names.map((size) => [size, sizeOf(graph, o, size)]));
  }
  // (every overlay of KIND_OVERLAYS with the sizes its feeding kinds name: the shape of OverlaySizes)
  return sizes as unknown as OverlaySizes;
}

/** The drawing style of every agent type of a scene, by type id. */
export function typeStyles(scene: SceneDocument | null | undefined): Map<string, TypeStyle> {
  const styles = new Map<string, TypeStyle>();
  for (const t of scene?.agentTypes ?? []) {
    // (a type with states: from the nodes of all its states' graphs)
    const sizes = overlaySizes(t.states.length === 1 ? t.states[0].graph : { nodes: t.states.flatMap((x) => x.graph.nodes), connections: [] });
    styles.set(t.id, {
      color: t.color || FALLBACK_COLOR,
      maxSpeed: t.maxSpeed,
      maxForce: t.maxForce,
      wanderDistance: sizes.wander.distance,
      wanderRadius: sizes.wander.radius,
      feelerLength: sizes.feelers.length,
      sight: sizes.neighbours.radius,
      radius: t.radius ?? 0,
    });
  }
  return styles;
}
