/**
 * The agent inspector, node probes and muting, as a designer uses them: click an agent in the
 * preview, read every node's force in the Inspect panel and on the canvas, hover an output socket,
 * press M on a node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { doc, openApp, screenshot, socket } from './app';

type Reading = { index: number; maxForce: number; values: { node: string; type: string; x: number; y: number }[] } | null;

let app: Awaited<ReturnType<typeof openApp>>;
let page: Page;

/** The client point of agent `index` of a type in the preview's canvas. */
async function agentPoint(type: string, index: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([type, index]) => {
      const p = (window as unknown as { __steerPreview: HTMLElement & { world: { positions(id: string): Float64Array }; view: { scale: number; x: number; y: number } } }).__steerPreview;
      const c = p.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
      const pos = p.world.positions(type as string);
      const i = index as number;
      return { x: c.left + pos[2 * i] * p.view.scale + p.view.x, y: c.top + pos[2 * i + 1] * p.view.scale + p.view.y };
    },
    [type, index] as const,
  );
}

function reading(): Promise<Reading> {
  return page.evaluate(() => (window as unknown as { __steerPreview: { probe(): Reading } }).__steerPreview.probe());
}

/** Pauses the preview and clicks agent `index` of `type`. */
async function followByClick(type: string, index: number): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __steerPreview: { playing: boolean } }).__steerPreview.playing = false));
  await page.evaluate(() => (window as unknown as { __steerPreview: { stepOnce(): void } }).__steerPreview.stepOnce());
  const at = await agentPoint(type, index);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.up();
}

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(async () => {
  await app?.close();
});

describe('the agent inspector', () => {
  it('says how to start before any agent is followed', async () => {
    await page.click('[data-panel="inspect"]');
    await expect.poll(() => page.locator('[data-test="inspect-hint"]').textContent()).toContain('Click an agent in the preview');
  });

  it('follows the clicked agent: every node force in the panel, arrows on the canvas, the Priority budget', async () => {
    const before = await page.evaluate(() => (window as unknown as { __steerPreview: HTMLElement }).__steerPreview.shadowRoot!.querySelector('canvas')!.toDataURL());
    await followByClick('sheep', 5);
    await expect.poll(() => page.locator('[data-test="inspect-agent"]').textContent()).toBe('Sheep #6');
    // step once so the followed agent's forces are computed with the probes on
    await page.evaluate(() => (window as unknown as { __steerPreview: { stepOnce(): void } }).__steerPreview.stepOnce());
    await expect.poll(async () => (await reading())?.index).toBe(5);
    const r = (await reading())!;
    const d = await doc(page);
    const sheep = d.agentTypes.find((t) => t.id === 'sheep')!;
    // one row per behaviour and combinator of the graph, with the magnitude the probe reads
    const forceNodes = ['evade', 'flee', 'avoid', 'contain', 'flock', 'danger', 'priority'];
    for (const id of forceNodes) {
      const v = r.values.find((x) => x.node === id)!;
      const row = page.locator(`steer-inspector tr.node[data-node="${id}"]`);
      await expect.poll(() => row.count()).toBe(1);
      const shown = Number((await row.locator('[data-test="magnitude"]').textContent())!.trim().split(/\s+/)[0]);
      expect(shown).toBeCloseTo(Math.hypot(v.x, v.y), 2);
    }
    expect(sheep.states[0].graph.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(forceNodes));
    // in the graph, each of these nodes is ringed in its arrow's colour; a source is not
    await expect.poll(() => page.locator('steer-node.probed').count()).toBe(forceNodes.length);
    expect(await page.locator('steer-node[data-node-id="pointer"]').evaluate((e) => e.classList.contains('probed'))).toBe(false);
    // the Priority's inputs, each with its share of the budget
    const shares = page.locator('steer-inspector tr.share[data-share^="priority:"]');
    expect(await shares.count()).toBeGreaterThanOrEqual(2);
    // the Priority's output is at most the agent's maxForce: its bar says so
    const p = r.values.find((x) => x.node === 'priority')!;
    expect(Math.hypot(p.x, p.y)).toBeLessThanOrEqual(r.maxForce * (1 + 1e-12));
    // the canvas shows the ring and arrows: the picture changed around the agent
    const after = await page.evaluate(() => (window as unknown as { __steerPreview: HTMLElement }).__steerPreview.shadowRoot!.querySelector('canvas')!.toDataURL());
    expect(after).not.toBe(before);
    const at = await agentPoint('sheep', 5);
    const ring = await page.evaluate(
      ({ x, y }) => {
        const p = (window as unknown as { __steerPreview: HTMLElement }).__steerPreview;
        const c = p.shadowRoot!.querySelector('canvas')!;
        const b = c.getBoundingClientRect();
        const k = c.width / b.width;
        const ctx = c.getContext('2d')!;
        // white dashes of the ring, 14 px from the agent: some pixel on it is near white
        let white = 0;
        for (let a = 0; a < 64; a++) {
          const px = Math.round((x - b.left + 14 * Math.cos((a / 64) * 2 * Math.PI)) * k);
          const py = Math.round((y - b.top + 14 * Math.sin((a / 64) * 2 * Math.PI)) * k);
          const [r, g, bl] = ctx.getImageData(px, py, 1, 1).data;
          if (r > 200 && g > 200 && bl > 200) white++;
        }
        return white;
      },
      at,
    );
    expect(ring).toBeGreaterThan(5);
    await screenshot(page, 'inspector');
  });

  it('shows a hovered output socket’s live value for the followed agent', async () => {
    const sel = socket('flee', 'output', 'force');
    await page.locator(sel).first().hover();
    await expect.poll(() => page.locator('steer-probe-tip [data-test="probe-text"]').textContent(), { timeout: 10_000 }).toMatch(/\|F\| [\d.]+ px\/tick²/);
    const r = (await reading())!;
    const v = r.values.find((x) => x.node === 'flee')!;
    const text = (await page.locator('steer-probe-tip [data-test="probe-text"]').textContent())!;
    expect(Number(/\|F\| ([\d.]+)/.exec(text)![1])).toBeCloseTo(Math.hypot(v.x, v.y), 2);
    await page.mouse.move(5, 5);
    await expect.poll(() => page.locator('steer-probe-tip').count()).toBe(0);
  });

  it('mutes the selected node with M: it adds no force, the node says so, and M again brings it back', async () => {
    await page.locator('steer-node[data-node-id="flock"] header').click();
    await page.keyboard.press('m');
    await expect.poll(async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'flock')?.muted).toBe(true);
    await expect.poll(() => page.locator('steer-node[data-node-id="flock"] [data-test="muted"]').count()).toBe(1);
    // the preview runs the muted graph: the flock's force is zero for the followed agent
    await expect
      .poll(async () => {
        await page.evaluate(() => (window as unknown as { __steerPreview: { stepOnce(): void } }).__steerPreview.stepOnce());
        const f = (await reading())?.values.find((x) => x.node === 'flock');
        return f ? Math.hypot(f.x, f.y) : -1;
      })
      .toBe(0);
    await expect.poll(() => page.locator('steer-inspector tr.node[data-node="flock"] .muted-tag').count()).toBe(1);
    await screenshot(page, 'inspector-muted');
    await page.keyboard.press('m');
    await expect.poll(async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'flock')?.muted).toBeUndefined();
    await expect.poll(() => page.locator('steer-node[data-node-id="flock"] [data-test="muted"]').count()).toBe(0);
    // undo brings the mute back, redo takes it away: it is an ordinary edit
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'flock')?.muted).toBe(true);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'flock')?.muted).toBeUndefined();
  });

  it('stops following on a click on empty space, and the panel says how to start again', async () => {
    const box = (await page.evaluate(() => {
      const r = (window as unknown as { __steerPreview: HTMLElement }).__steerPreview.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
      return { x: r.left, y: r.top };
    }))!;
    // the preview's module carries the inspector's probes only while an agent is followed
    const probed = () => page.evaluate(() => (window as unknown as { __steerApp: { source: string } }).__steerApp.source.includes('A.probeOut'));
    expect(await probed()).toBe(true);
    await page.mouse.click(box.x + 3, box.y + 3);
    await expect.poll(() => page.locator('[data-test="inspect-hint"]').count()).toBe(1);
    expect(await reading()).toBeNull();
    expect(await probed()).toBe(false);
    expect(app.errors).toEqual([]);
  });

  it('following an agent while paused shows its forces at once, without a tick', async () => {
    // the earlier tests left the preview paused
    expect(await page.evaluate(() => (window as unknown as { __steerPreview: { playing: boolean } }).__steerPreview.playing)).toBe(false);
    const tickBefore = await page.evaluate(() => (window as unknown as { __steerPreview: { world: { tick: number } } }).__steerPreview.world.tick);
    const at = await agentPoint('sheep', 3);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.locator('[data-test="inspect-agent"]').textContent()).toBe('Sheep #4');
    const row = page.locator('steer-inspector tr.node[data-node="priority"]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.locator('steer-inspector').textContent()).not.toMatch(/Waiting for the next tick/);
    const r = (await reading())!;
    expect(r.index).toBe(3);
    expect(Number.isFinite(r.maxForce)).toBe(true);
    // nothing ran: the world is at the same tick
    expect(await page.evaluate(() => (window as unknown as { __steerPreview: { world: { tick: number } } }).__steerPreview.world.tick)).toBe(tickBefore);
  });

  it('follows an agent of a large scene, whose simulation runs in the worker: the panel reads its forces', async () => {
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="large-flock"]');
    await page.waitForFunction(() => (window as unknown as { __steerPreview: { mode: string; world: unknown } }).__steerPreview.mode === 'worker');
    // (the earlier tests paused the preview; the reading comes with the ticks that follow)
    await page.evaluate(() => ((window as unknown as { __steerPreview: { playing: boolean } }).__steerPreview.playing = true));
    await page.evaluate(() => (window as unknown as { __steerPreview: { follow(f: { type: string; index: number }): void } }).__steerPreview.follow({ type: 'boid', index: 42 }));
    // the worker sends the reading with its frames (once the module with the probes runs there,
    // from the first forces it computes)
    const flockForce = async () => {
      const r = await reading();
      const flock = r?.index === 42 ? r.values.find((v) => v.node === 'flock') : undefined;
      return !!flock && Number.isFinite(flock.x) && Number.isFinite(flock.y);
    };
    await expect.poll(flockForce, { timeout: 20_000 }).toBe(true);
    await page.click('[data-panel="inspect"]');
    await expect.poll(() => page.locator('[data-test="inspect-agent"]').textContent()).toMatch(/#43$/);
    await expect.poll(() => page.locator('steer-inspector tr.node[data-node="flock"] [data-test="magnitude"]').count()).toBe(1);
    expect(app.errors).toEqual([]);
  });
});
