/**
 * Orientation through the compiler and the exported module (BEHAVIORS.md, "Orientation"): a type's
 * maxTurnRate compiles to dsincos's pair in its layout, runs bit-identically in process and in the
 * module imported by Node, and a scene without it compiles to the program it compiled to before;
 * headings() and drawnHeadings() are live; a snapshot resumes the smoother exactly.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dsincos } from '../../nodes/dsincos';
import { createBehaviorWorld, type BehaviorWorld, type Snapshot } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { richScene, seekPointerScene } from '../fixtures/scenes';
import { walledScene } from '../fixtures/walled-scene';

const dir = tempDir('steergraph-orientation-');
afterAll(() => removeDir(dir));

/** richScene with turn limits and smoothers on two of its types (the third as it was). */
function tanks(): SceneDocument {
  const doc = richScene();
  doc.agentTypes[0].maxTurnRate = 4.5;
  doc.agentTypes[0].headingSmoothing = 8;
  doc.agentTypes[1].maxTurnRate = 11;
  doc.agentTypes[2].headingSmoothing = 3;
  return doc;
}
function walledTanks(): SceneDocument {
  const doc = walledScene();
  doc.agentTypes[0].maxTurnRate = 6;
  doc.agentTypes[1].maxTurnRate = 2.5;
  doc.agentTypes[1].headingSmoothing = 16;
  return doc;
}

function script(w: BehaviorWorld, ticks = 600): void {
  for (let t = 0; t < ticks; t++) {
    if (t % 7 === 0) w.setPointer((t * 53) % 800, (t * 29) % 600);
    if (t % 250 === 0) w.setTarget('goal', 100 + (t % 500), 500 - (t % 400));
    w.step();
  }
}

const hex = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
function bits(w: BehaviorWorld): Record<string, string> {
  return Object.fromEntries(w.types.map((id) => [id, [w.positions(id), w.velocities(id), w.headings(id), w.drawnHeadings(id)].map(hex).join('|')]));
}

describe.each([
  ['a wrap world with turn limits and smoothers', tanks],
  ['a bounce world with walls and turn limits', walledTanks],
])('%s', (_, make) => {
  it('runs bit-identically in process and through the imported module (positions, velocities, headings, drawn headings)', async () => {
    const doc = make();
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([]);
    const local = createBehaviorWorld(doc, instantiate(compiled));
    const mod = await importModule(dir, emitModule(doc).js);
    const exported = mod.createWorld();
    script(local);
    script(exported);
    expect(bits(exported)).toEqual(bits(local));
    expect(exported.snapshot()).toEqual(local.snapshot());
    // the limit acted: the same scene without it runs elsewhere
    const free = make();
    for (const t of free.agentTypes) delete t.maxTurnRate;
    const plain = createBehaviorWorld(free, instantiate(compile(free)));
    script(plain);
    expect(hex(plain.positions(free.agentTypes[0].id))).not.toEqual(hex(local.positions(doc.agentTypes[0].id)));
  });

  it('resumes a JSON snapshot taken mid-run exactly, smoother included', async () => {
    const doc = make();
    const program = instantiate(compile(doc));
    const w = createBehaviorWorld(doc, program);
    script(w, 137);
    const snap = JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
    const resumed = createBehaviorWorld(doc, program, { snapshot: snap });
    script(w, 200);
    script(resumed, 200);
    expect(bits(resumed)).toEqual(bits(w));
  });
});

describe('compiling a turn rate', () => {
  it('puts dsincos(maxTurnRate) into the type’s layout, and smoothing k beside it', () => {
    const doc = seekPointerScene();
    doc.agentTypes[0].maxTurnRate = 10;
    doc.agentTypes[0].headingSmoothing = 5;
    const [c, s] = dsincos(10);
    expect(compile(doc).programSource).toContain(`queryRadius: 0, turn: [${c}, ${s}], smoothing: 5 }`);
  });

  it('leaves the program as it was without a turn rate, with 180 (never limits) and with smoothing 0', () => {
    const before = compile(seekPointerScene()).programSource;
    const doc = seekPointerScene();
    doc.agentTypes[0].maxTurnRate = 180;
    doc.agentTypes[0].headingSmoothing = 0;
    expect(compile(doc).programSource).toBe(before);
    expect(before).not.toContain('turn:');
  });
});

describe('headings() and drawnHeadings()', () => {
  it('are the live unit headings; without smoothing drawnHeadings is the same array, with it the smoothed ones', () => {
    const doc = tanks();
    const w = createBehaviorWorld(doc, instantiate(compile(doc)));
    const h = w.headings('boid');
    w.step(30);
    expect(w.headings('boid')).toBe(h);
    for (let i = 0; i < h.length; i += 2) expect(Math.abs(Math.hypot(h[i], h[i + 1]) - 1)).toBeLessThan(1e-12);
    expect(w.drawnHeadings('wolf')).toBe(w.headings('wolf'));
    expect(w.drawnHeadings('boid')).not.toBe(h);
    expect(Array.from(w.drawnHeadings('boid'))).not.toEqual(Array.from(h));
    // velocities point along the headings
    const v = w.velocities('wolf');
    const hw = w.headings('wolf');
    for (let i = 0; i < v.length; i += 2) {
      const s = Math.hypot(v[i], v[i + 1]);
      if (s > 1e-6) expect(Math.abs(v[i] / s - hw[i]) + Math.abs(v[i + 1] / s - hw[i + 1])).toBeLessThan(1e-12);
    }
  });

  it('a wolf (11° per tick) never turns more than 11° in one tick', () => {
    const doc = tanks();
    const w = createBehaviorWorld(doc, instantiate(compile(doc)));
    const cos11 = Math.cos((11 * Math.PI) / 180);
    for (let t = 0; t < 300; t++) {
      const before = Array.from(w.headings('wolf'));
      w.step();
      const h = w.headings('wolf');
      for (let i = 0; i < h.length; i += 2) expect(before[i] * h[i] + before[i + 1] * h[i + 1]).toBeGreaterThan(cos11 - 1e-12);
    }
  });
});

describe('a snapshot’s smoother', () => {
  const doc = tanks();
  const program = instantiate(compile(doc));
  const taken = (): Snapshot => {
    const w = createBehaviorWorld(doc, program);
    w.step(5);
    return JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
  };

  it('is refused when it is not one, naming the field, and the message says what it accepts', () => {
    const cases: [(s: Snapshot) => void, string][] = [
      [(s) => ((s.types.boid as { smoother: unknown }).smoother = 3), 'createWorld: snapshot.types.boid.smoother: expected { slots, ring, drawn } with slots a whole number from 2 to 64'],
      [(s) => (s.types.boid.smoother!.slots = 1), 'createWorld: snapshot.types.boid.smoother: expected { slots, ring, drawn } with slots a whole number from 2 to 64'],
      [(s) => (s.types.boid.smoother!.ring = [1, 0]), 'createWorld: snapshot.types.boid.smoother.ring: expected'],
      [(s) => ((s.types.boid.smoother!.drawn as number[])[3] = 7), 'createWorld: snapshot.types.boid.smoother.drawn[3]: expected a number from -1.000001 to 1.000001, got 7'],
      [(s) => ((s.types.boid.smoother!.drawn as number[])[0] = NaN), 'createWorld: snapshot.types.boid.smoother.drawn: expected an array of finite numbers'],
    ];
    for (const [spoil, message] of cases) {
      const s = taken();
      spoil(s);
      expect(() => createBehaviorWorld(doc, program, { snapshot: s })).toThrow(message);
    }
  });

  it('resumed into a type of another k (or taken without one), starts again from the headings', () => {
    const s = taken();
    const other = tanks();
    other.agentTypes[0].headingSmoothing = 4;
    const w = createBehaviorWorld(other, instantiate(compile(other)), { snapshot: s });
    expect(Array.from(w.drawnHeadings('boid'))).toEqual(Array.from(w.headings('boid')));
    delete s.types.boid.smoother;
    const again = createBehaviorWorld(doc, program, { snapshot: s });
    expect(Array.from(again.drawnHeadings('boid'))).toEqual(Array.from(again.headings('boid')));
  });
});
