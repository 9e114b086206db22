/**
 * The editor as a user meets it: the default scene running, building a graph with the mouse,
 * typed connections, undo/redo, parameters, agent-type tabs, save/open, export, autosave.
 */
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { PRESETS_FOR_TESTS } from './presets';
import { centre, doc, drag, graphOf, openApp, openFile, positions, screenshot, socket, tick } from './app';
import { nodeInFront } from './graph';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** Canvas pixels of the preview, as a data URL (changes when agents move). */
function previewPixels(page: Opened['page']): Promise<string> {
  return page.evaluate(() => {
    const p = (window as unknown as { __steerPreview: HTMLElement }).__steerPreview;
    return p.shadowRoot!.querySelector('canvas')!.toDataURL();
  });
}

describe('the editor in a browser', () => {
  it('opens on the default scene: nodes drawn, agents moving, no errors', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = await doc(page);
    const first = d.agentTypes[0];
    await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n, first.states[0].graph.nodes.length);
    const t0 = await tick(page);
    const p0 = await positions(page, first.id);
    const px0 = await previewPixels(page);
    await page.waitForFunction((t) => (window as unknown as { __steerPreview: { world: { tick: number } } }).__steerPreview.world.tick > t + 20, t0);
    expect(await positions(page, first.id)).not.toEqual(p0);
    expect(await previewPixels(page)).not.toBe(px0);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');
    await screenshot(page, 'default-scene');
    expect(errors).toEqual([]);
  });

  it('builds Pointer → Seek → Agent Output with the mouse, and the agents go to the pointer', async () => {
    opened = await openApp();
    const { page } = opened;
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    // remove the Wander node: click it, press Delete
    await page.click('steer-node[data-kind="wander"] header');
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 1);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('1 error');

    // Pointer from the right-click menu, searched by name
    const graph = await page.locator('[data-test="graph"]').boundingBox();
    await page.mouse.click(graph!.x + 120, graph!.y + 120, { button: 'right' });
    await page.locator('steer-node-menu input').fill('point');
    await page.locator('steer-node-menu button[data-kind="pointer"]').click();
    // Seek dragged from the palette
    await page.dragAndDrop('steer-palette .item[data-kind="seek"]', '[data-test="graph"]', {
      targetPosition: { x: 360, y: 140 },
    });
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 3);
    let d = await doc(page);
    const nodes = d.agentTypes[0].states[0].graph.nodes;
    const pointer = nodes.find((n) => n.kind === 'pointer')!.id;
    const seek = nodes.find((n) => n.kind === 'seek')!.id;
    const out = nodes.find((n) => n.kind === 'agent-output')!.id;

    await drag(page, socket(pointer, 'output', 'point'), socket(seek, 'input', 'target'));
    await drag(page, socket(seek, 'output', 'force'), socket(out, 'input', 'force'));
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[0].states[0].graph.connections.length === 2);
    d = await doc(page);
    expect(graphOf(d, d.agentTypes[0].id).connections).toEqual([`${pointer}.point->${seek}.target`, `${seek}.force->${out}.force`].sort());
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');

    // the pointer follows the mouse over the preview; the agents close in on it
    const canvas = await centre(page, 'steer-preview canvas');
    await page.mouse.move(canvas.x, canvas.y);
    const meanDistance = () =>
      page.evaluate(() => {
        const w = (window as unknown as { __steerPreview: { world: { positions(id: string): Float64Array; snapshot(): { pointer: number[] }; types: string[] } } }).__steerPreview.world;
        const p = w.positions(w.types[0]);
        const [px, py] = w.snapshot().pointer;
        let s = 0;
        for (let i = 0; i < p.length; i += 2) s += Math.hypot(p[i] - px, p[i + 1] - py);
        return s / (p.length / 2);
      });
    const before = await meanDistance();
    await page.waitForFunction(
      (b) => {
        const w = (window as unknown as { __steerPreview: { world: { positions(id: string): Float64Array; snapshot(): { pointer: number[] }; types: string[] } } }).__steerPreview.world;
        const p = w.positions(w.types[0]);
        const [px, py] = w.snapshot().pointer;
        let s = 0;
        for (let i = 0; i < p.length; i += 2) s += Math.hypot(p[i] - px, p[i + 1] - py);
        return s / (p.length / 2) < b / 3;
      },
      before,
      { timeout: 20_000 },
    );
    await screenshot(page, 'built-seek-graph');
  });

  it('refuses an incompatible connection; undo and redo restore the exact graph', async () => {
    opened = await openApp();
    const { page } = opened;
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    const start = await doc(page);
    const typeId = start.agentTypes[0].id;
    await page.dblclick('steer-palette .item[data-kind="pointer"]');
    await page.dblclick('steer-palette .item[data-kind="sum"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 4);
    let d = await doc(page);
    const pointer = d.agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'pointer')!.id;
    const sum = d.agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'sum')!.id;
    // the two nodes were added at the same spot, the sum in front; moved partly aside, then each
    // node clicked in turn comes to the front where they overlap
    let head = await centre(page, `steer-node[data-node-id="${sum}"] header`);
    await page.mouse.move(head.x, head.y);
    await page.mouse.down();
    await page.mouse.move(head.x + 90, head.y + 30, { steps: 5 });
    await page.mouse.up();
    const box = async (id: string) => (await page.locator(`steer-node[data-node-id="${id}"]`).boundingBox())!;
    const [sb, pb] = [await box(sum), await box(pointer)];
    const overlap = { x: (sb.x + pb.x + pb.width) / 2, y: (sb.y + pb.y + pb.height) / 2 };
    expect(await nodeInFront(page, overlap)).toBe(sum);
    await page.mouse.click(pb.x + 20, pb.y + 10);
    expect(await nodeInFront(page, overlap)).toBe(pointer);
    await page.mouse.click(sb.x + sb.width - 20, sb.y + 10);
    expect(await nodeInFront(page, overlap)).toBe(sum);
    // the minimap shows every node; it follows the sum as it is moved aside
    const minis = async (ids: string[]) => {
      const order = await page.evaluate(() => (window as unknown as { __steerApp: { editor: { editor: { getNodes(): { id: string }[] } } } }).__steerApp.editor.editor.getNodes().map((n) => n.id));
      const rects = await page.locator('rete-mini-node .mini-node').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      return rects.length === order.length ? ids.map((id) => rects[order.indexOf(id)]) : null;
    };
    // move the sum further aside by dragging its header
    head = await centre(page, `steer-node[data-node-id="${sum}"] header`);
    await page.mouse.move(head.x, head.y);
    await page.mouse.down();
    await page.mouse.move(head.x + 170, head.y + 10, { steps: 10 });
    await page.mouse.up();
    await page.waitForFunction((id) => {
      const n = (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[0].states[0].graph.nodes.find((x) => x.id === id)!;
      return n.position[0] !== 0 || n.position[1] !== 0;
    }, sum);
    // (moved right and down, in the same proportions as on the canvas)
    const sumBox = (await page.locator(`steer-node[data-node-id="${sum}"]`).boundingBox())!;
    const pointerBox = (await page.locator(`steer-node[data-node-id="${pointer}"]`).boundingBox())!;
    const moved = () => minis([sum, pointer]).then((r) => (r ? [r[0].x - r[1].x, r[0].y - r[1].y] : [0, 0]));
    await expect.poll(async () => (await moved())[0]).toBeGreaterThan(1);
    const [dx, dy] = await moved();
    expect(dy).toBeGreaterThan(0);
    expect(dx / dy).toBeCloseTo((sumBox.x - pointerBox.x) / (sumBox.y - pointerBox.y), 0);
    // a Point cannot feed a Force input: while it is dragged the Sum's input is dimmed, and so is
    // another output; dropped, every socket looks as before (within a few frames: see drag-state.ts)
    // (the state, and how it looks: a dimmed shape, or a white outline)
    const looks = (sel: string[]) =>
      Promise.all(
        sel.map((x) =>
          page.locator(x).evaluate((el) => {
            const shape = getComputedStyle(el.shadowRoot!.querySelector('.shape')!);
            const look = el.dataset.state === 'incompatible' ? shape.fillOpacity === '0.25' : el.dataset.state === 'compatible' ? shape.stroke === 'rgb(255, 255, 255)' : shape.fillOpacity === '1' && shape.stroke !== 'rgb(255, 255, 255)';
            return look ? el.dataset.state : `${el.dataset.state} (fill-opacity ${shape.fillOpacity}, stroke ${shape.stroke})`;
          }),
        ),
      );
    const sumIn = socket(sum, 'input', 'in0');
    const wander = d.agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'wander')!.id;
    const wanderOut = socket(wander, 'output', 'force');
    const a = await centre(page, socket(pointer, 'output', 'point'));
    const b = await centre(page, sumIn);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 8 });
    await expect.poll(() => looks([sumIn, wanderOut])).toEqual(['incompatible', 'incompatible']);
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => looks([sumIn, wanderOut])).toEqual(['idle', 'idle']);
    d = await doc(page);
    expect(d.agentTypes[0].states[0].graph.connections).toHaveLength(1);
    expect(await page.locator('rete-connection-wrapper').count()).toBe(1);
    // wander → sum (allowed: the Sum's input lights up while it is dragged), then a parameter edit
    const c = await centre(page, wanderOut);
    await page.mouse.move(c.x, c.y);
    await page.mouse.down();
    await page.mouse.move((c.x + b.x) / 2, (c.y + b.y) / 2, { steps: 8 });
    await expect.poll(() => looks([sumIn])).toEqual(['compatible']);
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[0].states[0].graph.connections.length === 2);
    const weight = page.locator(`steer-node[data-node-id="${sum}"] steer-param[data-param="w0"] input[role="spinbutton"]`);
    await weight.fill('2.5');
    await weight.blur();
    const end = await doc(page);
    expect(end.agentTypes[0].states[0].graph.nodes.find((n) => n.id === sum)!.params.w0).toBe(2.5);

    // undo everything, then redo everything
    const steps: string[] = [];
    while (await page.locator('[data-test="undo"]').isEnabled()) {
      steps.push(JSON.stringify(graphOf(await doc(page), typeId)));
      await page.click('[data-test="undo"]');
    }
    expect(graphOf(await doc(page), typeId)).toEqual(graphOf(start, typeId));
    expect(await page.locator('steer-node').count()).toBe(2);
    for (let k = steps.length - 1; k >= 0; k--) {
      await page.keyboard.press('Control+Shift+Z');
      expect(JSON.stringify(graphOf(await doc(page), typeId))).toBe(steps[k]);
    }
    expect(await doc(page)).toEqual(end);
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 4);
    expect(await page.locator('rete-connection-wrapper').count()).toBe(2);
  });

  it('keys typed into a parameter field never trigger graph shortcuts', async () => {
    opened = await openApp();
    const { page } = opened;
    const before = await doc(page);
    const field = page.locator('steer-node steer-param input[role="spinbutton"]').first();
    await field.click();
    await field.press('Backspace');
    await field.press('Control+z');
    // the node is still there (Backspace did not delete it), and the document never held NaN
    expect(await page.locator('steer-node').count()).toBe(before.agentTypes[0].states[0].graph.nodes.length);
    const d = await doc(page);
    expect(JSON.stringify(d)).not.toContain('null');
    await field.blur();
  });

  it('changing a parameter changes the behaviour: a larger slowing radius slows agents earlier', async () => {
    opened = await openApp();
    const { page } = opened;
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="arrive"]');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="arrive"]'));
    const sourceBefore = await page.evaluate(() => (window as unknown as { __steerApp: { source: string } }).__steerApp.source);
    const field = page.locator('steer-node[data-kind="arrive"] steer-param[data-param="slowingRadius"] input[role="spinbutton"]');
    const before = Number(await field.inputValue());
    await field.fill(String(before * 4));
    await field.blur();
    // the preview gets the recompiled module (how soon is the editor benchmark's business, not a pass/fail test's)
    await page.waitForFunction((s) => (window as unknown as { __steerApp: { source: string } }).__steerApp.source !== s, sourceBefore);
    const sourceAfter = await page.evaluate(() => (window as unknown as { __steerApp: { source: string } }).__steerApp.source);
    // run both modules headless in the page from the same start, pointer far away: record each
    // agent's speed when it first comes within 1.5 × the old radius of the pointer
    const speeds = await page.evaluate(
      async ({ sources, radius }) => {
        const out: number[] = [];
        for (const text of sources) {
          const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
          const mod = await (new Function('u', 'return import(u)') as (u: string) => Promise<any>)(url);
          const w = mod.createWorld();
          const id = w.types[0];
          const tx = mod.scene.world.width * 0.9;
          const ty = mod.scene.world.height * 0.5;
          w.setPointer(tx, ty);
          let speed = -1;
          for (let t = 0; t < 3000 && speed < 0; t++) {
            w.step();
            const a = w.agents(id)[0];
            if (Math.hypot(a.x - tx, a.y - ty) < radius * 1.5) speed = Math.hypot(a.vx, a.vy);
          }
          out.push(speed);
        }
        return out;
      },
      { sources: [sourceBefore, sourceAfter], radius: before },
    );
    expect(speeds[0]).toBeGreaterThan(0);
    expect(speeds[1]).toBeGreaterThan(0);
    expect(speeds[1]).toBeLessThan(speeds[0] * 0.8);
  });

  it('copy, paste and duplicate keep the connections among the copied nodes; Sum gains an input', async () => {
    opened = await openApp();
    const { page } = opened;
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    // select both nodes with a box (Shift + drag on the empty canvas)
    const graph = (await page.locator('[data-test="graph"]').boundingBox())!;
    await page.keyboard.down('Shift');
    await page.mouse.move(graph.x + 5, graph.y + 5);
    await page.mouse.down();
    await page.mouse.move(graph.x + graph.width - 5, graph.y + graph.height - 5, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await page.waitForFunction(() => (window as unknown as { __steerApp: { selection: string[] } }).__steerApp.selection.length === 2);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 4);
    let d = await doc(page);
    expect(d.agentTypes[0].states[0].graph.connections).toHaveLength(2);
    await page.keyboard.press('Control+d');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 6);
    d = await doc(page);
    expect(d.agentTypes[0].states[0].graph.connections).toHaveLength(3);
    // every copy is wired wander → output, like the original
    for (const c of d.agentTypes[0].states[0].graph.connections) {
      const from = d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === c.from[0])!;
      const to = d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === c.to[0])!;
      expect([from.kind, to.kind]).toEqual(['wander', 'agent-output']);
    }
    // a Sum gains an input when its last one is connected
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.dblclick('steer-palette .item[data-kind="sum"]');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="sum"]'));
    d = await doc(page);
    const sum = d.agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'sum')!.id;
    const wander = d.agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'wander')!.id;
    // put the Sum to the right of the Wander node, then fit the view
    const head = await centre(page, `steer-node[data-node-id="${sum}"] header`);
    const wanderHead = await centre(page, `steer-node[data-node-id="${wander}"] header`);
    await page.mouse.move(head.x, head.y);
    await page.mouse.down();
    await page.mouse.move(wanderHead.x + 280, wanderHead.y - 40, { steps: 8 });
    await page.mouse.up();
    await page.click('[data-test="fit"]');
    expect(await page.locator(`steer-node[data-node-id="${sum}"] .row.input`).count()).toBe(4);
    await drag(page, socket(wander, 'output', 'force'), socket(sum, 'input', 'in3'));
    await page.waitForFunction((id) => document.querySelectorAll(`steer-node[data-node-id="${id}"]`).length === 1 && document.querySelector(`steer-node[data-node-id="${id}"]`)!.shadowRoot!.querySelectorAll('.row.input').length === 5, sum);
    await screenshot(page, 'sum-grew');
  });

  it('shows problems on their nodes and in the list; clicking one selects the node', async () => {
    opened = await openApp();
    const { page } = opened;
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    await page.dblclick('steer-palette .item[data-kind="seek"]');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="seek"]'));
    // Seek not connected: a warning badge on it (it does nothing)
    const badge = page.locator('steer-node[data-kind="seek"] [data-test="badge"]');
    await badge.waitFor();
    expect(await badge.getAttribute('title')).toContain('does nothing');
    await page.click('[data-panel="problems"]');
    await page.locator('steer-problems [data-test="problem"]').first().click();
    await page.waitForFunction(() => {
      const app = (window as unknown as { __steerApp: { selection: string[]; doc: SceneDocument } }).__steerApp;
      const seek = app.doc.agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'seek')!.id;
      return app.selection.length === 1 && app.selection[0] === seek;
    });
    await screenshot(page, 'problems');
  });

  it('a large graph: nodes far out of view are skipped until they come into view; zoomed far out, nodes show without text', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    // 120 Wanders in a column 300 px apart, the first into the output (the rest unconnected: warnings only)
    const scene = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../presets/seek.steer.json'), 'utf8')) as SceneDocument;
    const g = scene.agentTypes[0].states[0].graph;
    g.nodes = [
      ...Array.from({ length: 120 }, (_, k) => ({ id: `w${k}`, kind: 'wander', params: {}, position: [0, k * 300] as [number, number] })),
      { id: 'out', kind: 'agent-output', params: {}, position: [400, 0] },
    ];
    g.connections = [{ from: ['w0', 'force'], to: ['out', 'force'] }];
    await openFile(page, 'column.steer.json', scene);
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 121);
    type Seen = { skipped: boolean; height: number; text: string; far: boolean; titleVisibility: string };
    const seen = (id: string): Promise<Seen> =>
      page.evaluate((nodeId) => {
        const n = document.querySelector(`steer-node[data-node-id="${nodeId}"]`) as HTMLElement;
        const title = n.shadowRoot!.querySelector('.title') as HTMLElement;
        // (innerText is the text as drawn: empty while the node is skipped)
        return { skipped: n.style.contentVisibility === 'hidden', height: n.offsetHeight, text: title.innerText, far: n.classList.contains('far'), titleVisibility: getComputedStyle(title).visibility };
      }, id);
    const focus = (id: string) => page.evaluate((nodeId) => (window as unknown as { __steerApp: { editor: { focusNode(id: string): Promise<void> } } }).__steerApp.editor.focusNode(nodeId), id);

    // zoomed far out with the wheel (Fit stops where text is legible): every node drawn as a
    // coloured frame without text
    const zoomK = () => page.evaluate(() => (window as unknown as { __steerApp: { editor: { area: { area: { transform: { k: number } } } } } }).__steerApp.editor.area.area.transform.k);
    // (over w0's title bar: its parameter rows keep the wheel for themselves)
    const w0 = (await page.locator('steer-node[data-node-id="w0"]').boundingBox())!;
    await page.mouse.move(w0.x + w0.width / 2, w0.y + 10);
    for (let k = 0; k < 60 && (await zoomK()) > 0.2; k++) await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => document.querySelectorAll('steer-node.far').length === 121);
    expect((await seen('w60')).titleVisibility).toBe('hidden');
    await screenshot(page, 'large-graph-far');
    // a drag zoomed out far lights up the sockets that would take it, and leaves the others as they are
    const state = (sel: string) => page.locator(sel).getAttribute('data-state');
    const farFrom = await centre(page, socket('w0', 'output', 'force'));
    await page.mouse.move(farFrom.x, farFrom.y);
    await page.mouse.down();
    await page.mouse.move(farFrom.x + 30, farFrom.y + 20, { steps: 4 });
    await expect.poll(() => state(socket('out', 'input', 'force'))).toBe('compatible');
    expect(await state(socket('w1', 'output', 'force'))).toBe('idle');
    await page.mouse.up();
    await expect.poll(() => state(socket('out', 'input', 'force'))).toBe('idle');

    // zoomed in on the first node: it is drawn in full, and nodes far down the column are skipped, keeping their size
    await focus('w0');
    await page.waitForFunction(() => (document.querySelector('steer-node[data-node-id="w119"]') as HTMLElement).style.contentVisibility === 'hidden');
    const first = await seen('w0');
    expect(first).toMatchObject({ skipped: false, far: false, titleVisibility: 'visible' });
    expect(first.text).toContain('Wander');
    const last = await seen('w119');
    expect(last).toMatchObject({ skipped: true, text: '', height: first.height });
    await screenshot(page, 'large-graph-near');

    // brought into view, the last one is drawn again; brought in during a connection drag, its socket
    // takes the look of the drag it missed while skipped
    const look = (id: string) => page.locator(socket(id, 'output', 'force')).getAttribute('data-state');
    const from = await centre(page, socket('w0', 'output', 'force'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
    await expect.poll(() => look('w1')).toBe('incompatible');
    expect(await look('w119')).toBe('idle');
    await focus('w119');
    await page.waitForFunction(() => (document.querySelector('steer-node[data-node-id="w119"]') as HTMLElement).style.contentVisibility !== 'hidden');
    expect((await seen('w119')).text).toContain('Wander');
    await expect.poll(() => look('w119')).toBe('incompatible');
    await page.mouse.up();
    await expect.poll(() => look('w119')).toBe('idle');
    expect(errors).toEqual([]);
  });

  it('draws every wire from its output socket to its input socket, for every kind of node', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    // the preset with one node of every kind, wired up
    const text = readFileSync(path.resolve(import.meta.dirname, '../../presets/every-node.steer.json'), 'utf8');
    const scene = JSON.parse(text) as SceneDocument;
    await openFile(page, 'every-node.steer.json', text);
    type Ends = { id: string; path: [number, number, number, number]; sockets: [number, number, number, number] };
    const ends = (): Promise<Ends[]> =>
      page.evaluate(() => {
        type View = { element: HTMLElement; position: { x: number; y: number } };
        const ed = (window as unknown as { __steerApp: { editor: { editor: { getConnections(): { id: string; source: string; sourceOutput: string; target: string; targetInput: string }[] }; area: { nodeViews: Map<string, View>; connectionViews: Map<string, { element: HTMLElement }> } } } }).__steerApp.editor;
        // a socket's centre in graph coordinates, measured in the page as Rete's getElementCenter does
        const at = (nodeId: string, side: string, key: string): [number, number] => {
          const view = ed.area.nodeViews.get(nodeId)!;
          const node = view.element.querySelector('steer-node')!;
          const ref = [...node.shadowRoot!.querySelectorAll('rete-ref')].find((r) => {
            const d = (r as unknown as { data: { type: string; side: string; key: string } }).data;
            return d.type === 'socket' && d.side === side && d.key === key;
          }) as HTMLElement;
          let x = ref.offsetWidth / 2;
          let y = ref.offsetHeight / 2;
          for (let el: HTMLElement | null = ref; el && el !== view.element; el = el.offsetParent as HTMLElement | null) {
            x += el.offsetLeft + el.clientLeft;
            y += el.offsetTop + el.clientTop;
          }
          return [view.position.x + x, view.position.y + y];
        };
        return ed.editor.getConnections().map((c) => {
          const wrapper = ed.area.connectionViews.get(c.id)!.element.querySelector('rete-connection-wrapper')!;
          const d = ((wrapper.shadowRoot ?? wrapper).querySelector('steer-connection') as unknown as { path: string }).path;
          const nums = d.match(/-?[\d.]+(?:e-?\d+)?/g)!.map(Number);
          const [sx, sy] = at(c.source, 'output', c.sourceOutput);
          const [tx, ty] = at(c.target, 'input', c.targetInput);
          // Rete draws a wire from 12 px right of the output socket's centre to 12 px left of the input's
          return { id: c.id, path: [nums[0], nums[1], nums[nums.length - 2], nums[nums.length - 1]], sockets: [sx + 12, sy, tx - 12, ty] };
        });
      });
    // every agent type's graph: between them, one node of every kind
    const kinds = new Set(scene.agentTypes.flatMap((t) => t.states[0].graph.nodes.map((n) => n.kind)));
    expect(kinds.size).toBeGreaterThan(20);
    for (const type of [...scene.agentTypes].reverse()) {
      await page.click(`.tabs button[data-type="${type.id}"]`);
      // a graph of ~50 nodes takes a while to draw on a loaded machine
      await expect.poll(async () => (await ends()).length, { timeout: 15_000 }).toBe(type.states[0].graph.connections.length);
      for (const e of await ends()) for (let k = 0; k < 4; k++) expect(e.path[k], `${type.id}: ${e.id} ${k}`).toBeCloseTo(e.sockets[k], 6);
    }
    // and after moving a node with the mouse, its wires still meet its sockets
    const header = await centre(page, `steer-node[data-node-id="${scene.agentTypes[0].states[0].graph.connections[0].to[0]}"] >> header`);
    await page.mouse.move(header.x, header.y);
    await page.mouse.down();
    await page.mouse.move(header.x + 60, header.y + 35, { steps: 5 });
    await page.mouse.up();
    for (const e of await ends()) for (let k = 0; k < 4; k++) expect(e.path[k], `${e.id} ${k} after the move`).toBeCloseTo(e.sockets[k], 6);
    expect(errors).toEqual([]);
  });

  it('switching agent-type tabs shows each type’s graph', async () => {
    opened = await openApp();
    const { page } = opened;
    const d = await doc(page);
    expect(d.agentTypes.length).toBeGreaterThan(1);
    for (const t of d.agentTypes) {
      await page.click(`.tabs button[data-type="${t.id}"]`);
      await page.waitForFunction(
        (kinds) => {
          const shown = [...document.querySelectorAll('steer-node')].map((n) => (n as HTMLElement).dataset.kind).sort();
          return JSON.stringify(shown) === JSON.stringify(kinds);
        },
        t.states[0].graph.nodes.map((n) => n.kind).sort(),
      );
    }
  });

  it('saves a file that opens again to the same scene; a broken file shows its error and changes nothing', async () => {
    opened = await openApp();
    const { page } = opened;
    // edit, then save
    const weight = page.locator('steer-type-panel steer-number-field[data-field="count"] input');
    await weight.fill('7');
    await weight.blur();
    const saved = await doc(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="save"]')]);
    const dir = mkdtempSync(path.join(tmpdir(), 'steer-save-'));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/\.steer\.json$/);
    expect(JSON.parse(readFileSync(file, 'utf8')).agentTypes[0].count).toBe(7);
    await page.waitForFunction(() => document.querySelector('steer-app')!.shadowRoot!.querySelector('[data-test="dirty"]')!.textContent === '');

    // open another scene, then the saved file
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
    await chooser.setFiles(file);
    await page.waitForFunction((name) => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.name === name, saved.name);
    expect(await doc(page)).toEqual(saved);

    // a broken file: its problems are listed, the open scene stays exactly as it was
    const broken = path.join(dir, 'broken.steer.json');
    const bad = JSON.parse(readFileSync(file, 'utf8'));
    bad.agentTypes[0].count = -5;
    writeFileSync(broken, JSON.stringify(bad));
    const [chooser2] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
    await chooser2.setFiles(broken);
    const dialog = page.locator('dialog[data-test="dialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('agentTypes[0].count: expected a whole number from 0 to 100000, got -5');
    await screenshot(page, 'broken-file');
    await dialog.locator('button').click();
    expect(await doc(page)).toEqual(saved);
  });

  it('exports a module that runs in Node bit-identically to the page, for every preset', async () => {
    opened = await openApp();
    const { page } = opened;
    expect(PRESETS_FOR_TESTS.length).toBeGreaterThan(10);
    const dir = mkdtempSync(path.join(tmpdir(), 'steer-export-'));
    const script = (w: { setPointer(x: number, y: number): void; step(n?: number): void }, width: number, height: number) => {
      for (let t = 0; t < 600; t++) {
        if (t % 50 === 0) w.setPointer(((t * 37) % width) + 0.25, ((t * 53) % height) + 0.5);
        w.step();
      }
    };
    for (const key of PRESETS_FOR_TESTS) {
      page.once('dialog', (d) => void d.accept());
      await page.click('[data-test="presets"]');
      await page.click(`[data-preset="${key}"]`);
      await page.waitForFunction((k) => (window as unknown as { __steerApp: { lastPreset: string } }).__steerApp.lastPreset === k, key);
      await page.click('[data-test="export"]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="export-js"]')]);
      const file = path.join(dir, `${key}.behavior.js`);
      await download.saveAs(file);
      const text = readFileSync(file, 'utf8');
      // in the page: the same text, imported as a module
      const inPage = await page.evaluate(
        async ({ text, scriptSrc }) => {
          const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
          const mod = await (new Function('u', 'return import(u)') as (u: string) => Promise<any>)(url);
          const w = mod.createWorld();
          const run = new Function(`return (${scriptSrc})`)();
          run(w, mod.scene.world.width, mod.scene.world.height);
          return w.types.map((id: string) => Array.from(new Uint8Array(w.positions(id).buffer)).join(','));
        },
        { text, scriptSrc: script.toString() },
      );
      const mod = await import(pathToFileURL(file).href);
      const w = mod.createWorld();
      script(w, mod.scene.world.width, mod.scene.world.height);
      const inNode = w.types.map((id: string) => Array.from(new Uint8Array(w.positions(id).buffer)).join(','));
      expect(inNode, `preset ${key}`).toEqual(inPage);
    }
  });

  it('autosave survives a reload', async () => {
    opened = await openApp();
    const { page } = opened;
    const name = page.locator('header input.name');
    await name.fill('Autosaved scene');
    await name.press('Enter');
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('steergraph.draft:') && (localStorage.getItem(k) ?? '').includes('Autosaved scene')));
    await page.reload();
    await page.waitForFunction(() => !!(window as unknown as { __steerApp?: { doc: { name: string } } }).__steerApp?.doc);
    expect((await doc(page)).name).toBe('Autosaved scene');
    expect(await page.locator('[data-test="dirty"]').textContent()).toContain('unsaved');
  });
});
