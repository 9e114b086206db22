/**
 * The exported declarations as a TypeScript user meets them: a module and its .d.ts in a folder,
 * a small consumer beside them, type-checked by the project's own tsc (TypeScript 7's binary).
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitModule } from '../../src/compiler/module';
import { removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, richScene, scene, wire } from '../fixtures/scenes';

const run = promisify(execFile);
const tsc = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsc');
const dir = tempDir('steergraph-dts-');

beforeAll(() => {
  const m = emitModule(richScene());
  writeFileSync(path.join(dir, 'rich.behavior.js'), m.js);
  writeFileSync(path.join(dir, 'rich.behavior.d.ts'), m.dts);
});
afterAll(() => removeDir(dir));

/** Type-checks `source` as consumer.ts in the folder; returns tsc's exit code and output. */
async function typecheck(name: string, source: string): Promise<{ code: number; output: string }> {
  const file = path.join(dir, `${name}.ts`);
  writeFileSync(file, source);
  try {
    const { stdout, stderr } = await run(tsc, ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', `${name}.ts`], { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}

const CONSUMER = `import { createWorld, scene, type AgentTypeId, type Snapshot, type Wall, type World } from './rich.behavior.js';

const boid: AgentTypeId = 'boid';
const world: World = createWorld({ seed: 3, counts: { wolf: 2 } });
world.setPointer(100, 200);
world.setTarget('goal', 400, 300);
world.step();
world.step(10);
const p: Float64Array = world.positions(boid);
const v: Float64Array = world.velocities('walker');
const f: Float64Array = world.computeForces('wolf');
const h: Float64Array = world.headings(boid);
const dh: Float64Array = world.drawnHeadings('walker');
const smoother: { slots: number } | undefined = world.snapshot().types['boid']?.smoother;
const first: { x: number; y: number; vx: number; vy: number } | undefined = world.agents(boid)[0];
const snap: Snapshot = world.snapshot();
const resumed: World = createWorld({ snapshot: JSON.parse(JSON.stringify(snap)) as Snapshot });
resumed.setCount('boid', 50);
resumed.setObstacles([{ x: 1, y: 2, r: 3 }, { x: 4, y: 5, r: 6, vx: 1, vy: 0 }]);
const wall: Wall = { id: 'w', points: [[0, 0], [10, 0]], closed: false };
resumed.setWalls([wall, { id: 'box', points: [[0, 0], [5, 0], [5, 5]], closed: true, solid: false }]);
const walls: Wall[] = resumed.walls();
const wallsAfter: Wall[] | undefined = resumed.snapshot().walls;
const tick: number = resumed.tick;
const types: readonly AgentTypeId[] = world.types;
const embedded: Readonly<Record<string, unknown>> = scene;
export { p, v, f, h, dh, smoother, first, tick, types, embedded, walls, wallsAfter };
`;

describe('the .d.ts of an exported module', () => {
  it('type-checks a consumer that uses the API with the scene’s ids', async () => {
    const { code, output } = await typecheck('consumer', CONSUMER);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it('rejects an agent type id or target name the scene does not have', async () => {
    const bad = await typecheck(
      'wrong',
      `import { createWorld, type AgentTypeId } from './rich.behavior.js';
const sheep: AgentTypeId = 'sheep';
const world = createWorld({ counts: { sheep: 3 } });
world.positions('Boid');
world.setTarget('gaol', 1, 2);
export { sheep };
`,
    );
    expect(bad.code).not.toBe(0);
    expect(bad.output).toBe(
      [
        `wrong.ts(2,7): error TS2322: Type '"sheep"' is not assignable to type 'AgentTypeId'.`,
        `wrong.ts(3,39): error TS2353: Object literal may only specify known properties, and 'sheep' does not exist in type 'Partial<Record<AgentTypeId, number>>'.`,
        `wrong.ts(4,17): error TS2345: Argument of type '"Boid"' is not assignable to parameter of type 'AgentTypeId'.`,
        `wrong.ts(5,17): error TS2345: Argument of type '"gaol"' is not assignable to parameter of type '"goal"'.`,
        '',
      ].join('\n'),
    );
  });
});

describe('the .d.ts names each type’s parameters (issue 18)', () => {
  beforeAll(() => {
    const doc = scene([
      agentType('sheep', [node('w', 'wander'), { ...node('sc', 'scale'), exposed: { factor: 'fear' } }, node('out', 'agent-output')], [wire('w.force', 'sc.in'), wire('sc.force', 'out.force')], {
        params: [
          { name: 'fear', default: 1, min: 0, max: 4 },
          { name: 'calm', default: 2, min: 0, max: 9 },
        ],
      }),
      agentType('rock', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')]),
    ]);
    const m = emitModule(doc);
    writeFileSync(path.join(dir, 'params.behavior.js'), m.js);
    writeFileSync(path.join(dir, 'params.behavior.d.ts'), m.dts);
  });

  it('type-checks setParam, param, paramArray and paramNames with the names, and rejects a typo', async () => {
    const good = await typecheck(
      'params-good',
      `import { createWorld, type ParamNames } from './params.behavior.js';
const world = createWorld();
world.setParam('sheep', 'fear', 2);
const calm: number = world.param('sheep', 'calm');
const each: Float64Array = world.paramArray('sheep', 'fear');
const names: ParamNames['sheep'][] = world.paramNames('sheep');
export { calm, each, names };
`,
    );
    expect(good.output).toBe('');
    const bad = await typecheck(
      'params-bad',
      `import { createWorld } from './params.behavior.js';
const world = createWorld();
world.setParam('sheep', 'typo', 1);
world.param('rock', 'fear');
`,
    );
    expect(bad.output).toBe(
      [
        `params-bad.ts(3,25): error TS2345: Argument of type '"typo"' is not assignable to parameter of type '"calm" | "fear"'.`,
        `params-bad.ts(4,21): error TS2345: Argument of type '"fear"' is not assignable to parameter of type 'never'.`,
        '',
      ].join('\n'),
    );
  });
});
