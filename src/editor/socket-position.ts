/**
 * Socket positions from the node layout ({@link socketCentre}) rather than from the page, through
 * the classic preset's public `socketPositionWatcher` option. Rete's own watcher reads each new
 * socket's offsets as it is drawn, forcing the browser to style and lay out the whole graph in the
 * middle of the edit (8–10 ms per node added on a 200-node graph, and again in the frame after); a
 * 500-node paste did it a thousand times. Sockets of a node this cannot place (none here) are
 * measured as before. The ±12 px is Rete's own offset of a wire's end.
 */
import { DOMSocketPosition } from 'rete-render-utils';
import { socketCentre, type Schemes, type SteerNode } from './schemes';

/** Places sockets from the layout of the node `nodeOf` finds. */
export class LaidOutSocketPosition<A> extends DOMSocketPosition<Schemes, A> {
  constructor(private readonly nodeOf: (id: string) => SteerNode | undefined) {
    super();
  }

  override async calculatePosition(nodeId: string, side: 'input' | 'output', key: string, element: HTMLElement) {
    const node = this.nodeOf(nodeId);
    const at = node ? socketCentre(node, side, key) : null;
    if (!at) return super.calculatePosition(nodeId, side, key, element);
    return { x: at.x + (side === 'input' ? -12 : 12), y: at.y };
  }
}
