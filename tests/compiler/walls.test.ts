/**
 * The wall nodes in the compiler: Contain's region is checked against the scene's walls (a missing,
 * open, too short or flat wall is an error on the node, and the type then gets no force); scenes
 * that use none of the new options compile to the code they compiled to before (walls are data, the
 * defaults emit today's calls).
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import type { SceneDocument, SceneWall } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { PRESET_KEYS, preset } from '../presets/helpers';

const containIn = (region: string | number, walls: SceneWall[]): SceneDocument =>
  scene([agentType('a', [node('c', 'contain', { region }), node('out', 'agent-output')], [wire('c.force', 'out.force')], { count: 3 })], { walls });

const square: [number, number][] = [[100, 100], [400, 100], [400, 400], [100, 400]];

describe('Contain’s region', () => {
  it('compiles a closed wall (solid or not) to containPolygon with the wall’s index', () => {
    const doc = containIn('pen', [{ id: 'line', points: [[0, 0], [10, 10]], closed: false }, { id: 'pen', points: square, closed: true, solid: false }]);
    const c = compile(doc);
    expect(c.diagnostics).toEqual([]);
    expect(c.programSource).toContain('containPolygon(s, 0, A, i, W.walls, 1, 50);');
    // an agent outside the pen heads back into it
    const world = createBehaviorWorld(doc, instantiate(c));
    world.positions('a').set([450, 250, 250, 250, 120, 250]);
    world.velocities('a').fill(0);
    const f = world.computeForces('a');
    expect(f[0]).toBeLessThan(0);
    expect([f[2], f[3]]).toEqual([0, 0]);
    expect(f[4]).toBeGreaterThan(0);
  });

  const cases: [string, string | number, SceneWall[], RegExp][] = [
    ['a wall that does not exist', 'pen', [], /^Region: wall "pen" does not exist in this scene$/],
    ['an open wall', 'pen', [{ id: 'pen', points: square, closed: false }], /^Region: wall "pen" is not closed/],
    ['a closed wall whose repeated point leaves 2 segments', 'pen', [{ id: 'pen', points: [[100, 100], [400, 100], [400, 100]], closed: true }], /has 2 segments/],
    ['a closed wall with no area', 'pen', [{ id: 'pen', points: [[100, 100], [200, 100], [300, 100]], closed: true }], /^Region: wall "pen" encloses no area$/],
    ['a region that is not a string', 3, [], /^Region must be "world" or a closed wall’s id, got 3$/],
  ];
  it.each(cases)('reports %s on the node, and the type gets no force', (_, region, walls, message) => {
    const doc = containIn(region, walls);
    const c = compile(doc);
    const errors = c.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ agentType: 'a', nodeId: 'c', port: 'region', path: 'agentTypes[0].states[0].graph.nodes[0].params.region' });
    expect(errors[0].message).toMatch(message);
    const world = createBehaviorWorld(doc, instantiate(c));
    world.positions('a').set([450, 250, 250, 250, 20, 20]);
    expect(Array.from(world.computeForces('a'))).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('does not hold a region’s margin to half the world’s side (that limit is the box’s)', () => {
    const doc = scene([agentType('a', [node('c', 'contain', { region: 'pen', margin: 400 }), node('out', 'agent-output')], [wire('c.force', 'out.force')])], {
      walls: [{ id: 'pen', points: square, closed: true }],
    });
    expect(compile(doc).diagnostics).toEqual([]);
    expect(compile(containIn('world', [])).diagnostics).toEqual([]);
  });
});

describe('scenes without the new options', () => {
  it('emit the same code whether or not the world has walls (every preset)', () => {
    const walls: SceneWall[] = [
      { id: 'extra-maze', points: [[50, 50], [300, 50], [300, 200]], closed: false },
      { id: 'extra-room', points: square, closed: true },
    ];
    for (const key of PRESET_KEYS) {
      const doc = preset(key);
      const plain = compile(doc).programSource;
      // (added to a preset's own walls: a preset may name its walls, as the doorway's Contain names its yard)
      expect(compile({ ...doc, world: { ...doc.world, walls: [...(doc.world.walls ?? []), ...walls] } }).programSource, key).toBe(plain);
    }
  });

  it('emit today’s calls for Contain in the world’s box and Nearest Agent without “in sight”', () => {
    const withDefaults = (params: Record<string, string | boolean>) =>
      compile(
        scene([
          agentType(
            'a',
            [node('near', 'nearest-agent', params.inSight === undefined ? {} : { inSight: params.inSight }), node('seek', 'seek'), node('c', 'contain', params.region === undefined ? {} : { region: params.region }), node('sum', 'sum'), node('out', 'agent-output')],
            [wire('near.agent', 'seek.target'), wire('seek.force', 'sum.in0'), wire('c.force', 'sum.in1'), wire('sum.force', 'out.force')],
          ),
        ]),
      ).programSource;
    const before = withDefaults({});
    expect(withDefaults({ region: 'world', inSight: false })).toBe(before);
    expect(before).toContain('contain(s, 2, A, i, 800, 600, 50);');
    expect(before).toContain('= nearest(A, A, i, 0);');
    expect(before).not.toMatch(/containPolygon|nearestSeen|wallAvoid|hide|interpose/);
  });
});
