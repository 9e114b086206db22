import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_FILE, renderSceneJsonSchema } from '../../src/document/json-schema';
import { serializeScene } from '../../src/document/serialize';
import { arbScene, sampleScene } from './helpers';

const committed = readFileSync(fileURLToPath(new URL(`../../${JSON_SCHEMA_FILE}`, import.meta.url)), 'utf8');
const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(committed));

/** The ajv errors of `doc` as `instancePath keyword`, or [] when valid. */
function ajvErrors(doc: unknown): string[] {
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
}

function edited(edit: (doc: Record<string, any>) => void): unknown {
  const doc = JSON.parse(serializeScene(sampleScene())) as Record<string, any>;
  edit(doc);
  return doc;
}

describe('presets/steergraph.schema.json', () => {
  it('is what `npm run gen:schema` generates from the valibot schema today', () => {
    expect(committed).toBe(renderSceneJsonSchema());
  });

  it('accepts a valid scene, and one that leaves out the optional lists', () => {
    expect(ajvErrors(JSON.parse(serializeScene(sampleScene())))).toEqual([]);
    expect(
      ajvErrors(
        edited((d) => {
          delete d.world.obstacles;
          delete d.world.paths;
          delete d.world.targets;
          delete d.agentTypes[1].states[0].graph.connections;
          delete d.$schema;
        }),
      ),
    ).toEqual([]);
  });

  it('accepts every scene the loader accepts (property)', () => {
    fc.assert(
      fc.property(arbScene, (doc) => {
        expect(ajvErrors(JSON.parse(serializeScene(doc)))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses invalid scenes where the loader does', () => {
    expect(ajvErrors(edited((d) => (d.agentTypes[1].count = -5)))).toEqual(['/agentTypes/1/count minimum']);
    expect(ajvErrors(edited((d) => (d.agentTypes[1].count = 1.5)))).toEqual(['/agentTypes/1/count type']);
    expect(ajvErrors(edited((d) => (d.agentTypes[0].mass = 0)))).toEqual(['/agentTypes/0/mass exclusiveMinimum']);
    expect(ajvErrors(edited((d) => (d.agentTypes[0].color = 'red')))).toEqual(['/agentTypes/0/color pattern']);
    expect(ajvErrors(edited((d) => (d.world.edges = 'torus')))).toEqual(['/world/edges enum']);
    expect(ajvErrors(edited((d) => (d.world.gravity = 1)))).toEqual(['/world additionalProperties']);
    expect(ajvErrors(edited((d) => delete d.world.seed))).toEqual(['/world required']);
    expect(ajvErrors(edited((d) => (d.version = 8)))).toEqual(['/version const']);
    expect(ajvErrors(edited((d) => (d.world.walls = [{ id: 'w', points: [[0, 0]], closed: false }])))).toEqual(['/world/walls/0/points minItems']);
    expect(ajvErrors(edited((d) => (d.world.walls = [{ id: 'w', points: [[0, 0], [1, 1]], closed: false, solid: 'no' }])))).toEqual(['/world/walls/0/solid type']);
    expect(ajvErrors(edited((d) => (d.world.paths[0].points[0] = [1, 2, 3])))).toEqual(['/world/paths/0/points/0 additionalItems']);
    expect(ajvErrors(edited((d) => (d.agentTypes[0].states[0].graph.nodes[0].params = { 'bad-name': 1 })))).toEqual([
      '/agentTypes/0/states/0/graph/nodes/0/params pattern',
      '/agentTypes/0/states/0/graph/nodes/0/params propertyNames',
    ]);
    expect(ajvErrors(edited((d) => (d.agentTypes[0].states[0].graph.nodes[0].params = { constructor: 1 })))).toEqual([
      '/agentTypes/0/states/0/graph/nodes/0/params pattern',
      '/agentTypes/0/states/0/graph/nodes/0/params propertyNames',
    ]);
    expect(ajvErrors(edited((d) => (d.world.targets = Array.from({ length: 101 }, (_, i) => ({ name: `t${i}`, x: 0, y: 0 })))))).toEqual([
      '/world/targets maxItems',
    ]);
  });

  it('leaves unknown node kinds and dangling connections to the compiler, as the loader does', () => {
    expect(
      ajvErrors(
        edited((d) => {
          d.agentTypes[0].states[0].graph.nodes[0].kind = 'no-such-kind';
          d.agentTypes[0].states[0].graph.connections[0].to = ['nowhere', 'nothing'];
        }),
      ),
    ).toEqual([]);
  });
});
