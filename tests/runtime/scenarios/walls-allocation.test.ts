/**
 * "Nothing allocates per tick" for the wall nodes, compiled as a user's graph compiles: Wall Avoid,
 * Contain in a closed wall, Hide (whenSeen: line of sight past circles and walls), Interpose and the
 * nearest agent in sight, each passing only arrays, offsets and literals to the kernels they call.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../../runtime/api';
import { compile } from '../../../src/compiler/index';
import { instantiate } from '../../../src/compiler/instantiate';
import { agentType, node, scene, wire } from '../../fixtures/scenes';
import { bytesPerTick } from '../helpers';

describe('allocation per tick with walls', () => {
  it('Sum(Wall Avoid, Contain in a wall, Hide, Interpose) with Nearest Agent in sight, 2 × 300 agents: < 2 KiB per tick', () => {
    const doc = scene(
      [
        agentType(
          'a',
          [
            node('near', 'nearest-agent', { agentType: 'b', inSight: true, radius: 200 }),
            node('ptr', 'pointer'),
            node('wa', 'wall-avoid'),
            node('c', 'contain', { region: 'yard' }),
            node('h', 'hide', { whenSeen: true, threatDistance: 300 }),
            node('ip', 'interpose'),
            node('sum', 'sum', { inputs: 4 }),
            node('out', 'agent-output'),
          ],
          [
            wire('near.agent', 'h.threat'),
            wire('near.agent', 'ip.a'),
            wire('ptr.point', 'ip.b'),
            wire('wa.force', 'sum.in0'),
            wire('c.force', 'sum.in1'),
            wire('h.force', 'sum.in2'),
            wire('ip.force', 'sum.in3'),
            wire('sum.force', 'out.force'),
          ],
          { count: 300 },
        ),
        agentType('b', [node('w', 'wander'), node('wa', 'wall-avoid'), node('sum', 'sum'), node('out', 'agent-output')], [wire('w.force', 'sum.in0'), wire('wa.force', 'sum.in1'), wire('sum.force', 'out.force')], { count: 300 }),
      ],
      {
        edges: 'bounce',
        obstacles: [{ x: 300, y: 300, r: 30 }, { x: 500, y: 200, r: 20 }],
        walls: [
          { id: 'yard', points: [[20, 20], [780, 20], [780, 580], [20, 580]], closed: true, solid: false },
          { id: 'rock', points: [[400, 400], [460, 400], [460, 460], [400, 460]], closed: true },
          { id: 'fence', points: [[100, 100], [250, 180], [250, 300]], closed: false },
        ],
      },
    );
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([]);
    const world = createBehaviorWorld(doc, instantiate(compiled));
    expect(bytesPerTick(() => world.step())).toBeLessThan(2048);
  });
});
