/**
 * The menus and the canvas as a user meets them: the add menu's search (typed key by key, Enter and
 * the arrow keys), menus closing on Escape and on a click outside, node text legible after Fit at
 * common window sizes, the minimap (shown under the canvas, never over a node; hidden on request;
 * its button unavailable while the graph area has no room for it; drawn after a reload), and Sum's
 * input count.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { doc, openApp, screenshot, waitForApp } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The kinds of the first type's nodes, counted. */
async function kinds(page: Page): Promise<Record<string, number>> {
  const d = await doc(page);
  const out: Record<string, number> = {};
  for (const n of d.agentTypes[0].states[0].graph.nodes) out[n.kind] = (out[n.kind] ?? 0) + 1;
  return out;
}

/** A point of the graph canvas with no node (nor anything else) on it, client coordinates. */
function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const host = document.querySelector('[data-test="graph"]') as HTMLElement;
    const r = host.getBoundingClientRect();
    const nodes = [...document.querySelectorAll('steer-node')].map((n) => n.getBoundingClientRect());
    for (let y = r.bottom - 20; y > r.top + 20; y -= 15) {
      for (let x = r.right - 20; x > r.left + 20; x -= 15) {
        if (nodes.some((b) => x > b.left - 30 && x < b.right + 30 && y > b.top - 30 && y < b.bottom + 30)) continue;
        const top = document.elementFromPoint(x, y);
        if (top && host.contains(top) && !top.closest('steer-node')) return { x, y };
      }
    }
    throw new Error('no empty point on the canvas');
  });
}

/** Opens the add menu as a user does: a right-click on an empty spot of the canvas. */
async function openAddMenu(page: Page): Promise<void> {
  const at = await emptyCanvasPoint(page);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  await page.locator('steer-node-menu input').waitFor();
}

/** Whether the app's Presets menu, add menu and the preview's Overlays menu are open. */
function menus(page: Page) {
  return page.evaluate(() => {
    const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp.shadowRoot!;
    const preview = app.querySelector('.right > steer-preview')!.shadowRoot!;
    return {
      presets: !!app.querySelector('.dropdown-menu.presets'),
      add: !!app.querySelector('steer-node-menu'),
      overlays: !!preview.querySelector('ul[aria-label="Overlays"]'),
    };
  });
}

/**
 * The smallest on-screen size of node text (titles, port labels, parameter labels and units) of
 * the nodes in view, px: the font size times the zoom the text is drawn at.
 */
function smallestNodeText(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('[data-test="graph"]')!.getBoundingClientRect();
    let min = Infinity;
    let seen = 0;
    let what = '';
    for (const node of document.querySelectorAll('steer-node')) {
      const b = node.getBoundingClientRect();
      if (b.right < host.left || b.left > host.right || b.bottom < host.top || b.top > host.bottom) continue;
      // the zoom the node is drawn at: its width on screen over its width in the page's layout
      const scale = b.width / (node as HTMLElement).offsetWidth;
      const texts: HTMLElement[] = [
        ...node.shadowRoot!.querySelectorAll<HTMLElement>('header .title, .row .label'),
        ...[...node.shadowRoot!.querySelectorAll('steer-param')].flatMap((p) => [...p.shadowRoot!.querySelectorAll<HTMLElement>('label, .unit')]),
      ];
      for (const t of texts) {
        if (!t.offsetWidth) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * scale;
        seen++;
        if (px < min) {
          min = px;
          what = t.textContent ?? '';
        }
      }
    }
    return { min, seen, what };
  });
}

/** Parameter labels cut short (their text wider than their box), over every node. */
function truncatedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('steer-node')].flatMap((n) =>
      [...n.shadowRoot!.querySelectorAll('steer-param')]
        .map((p) => p.shadowRoot!.querySelector('label')!)
        .filter((l) => l.offsetWidth > 0 && l.scrollWidth > l.clientWidth)
        .map((l) => `${n.getAttribute('data-kind')}: ${l.textContent}`),
    ),
  );
}

/** The minimap's box (client coordinates) when it shows, its mini nodes, and the nodes of the canvas it overlaps. */
function minimapState(page: Page) {
  return page.evaluate(() => {
    const mm = document.querySelector('rete-minimap') ?? (window as unknown as { __steerApp: HTMLElement }).__steerApp.shadowRoot!.querySelector('rete-minimap');
    const box = mm?.shadowRoot?.querySelector('.minimap')?.getBoundingClientRect();
    const shown = !!box && box.width > 0 && box.height > 0;
    const inside = (r: DOMRect) => !!box && r.width > 0 && r.height > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const mini = [...(mm?.shadowRoot?.querySelectorAll('rete-mini-node') ?? [])].map((n) => n.shadowRoot!.querySelector('.mini-node')!.getBoundingClientRect());
    const host = document.querySelector('[data-test="graph"]')!.getBoundingClientRect();
    const covered = shown
      ? [...document.querySelectorAll('steer-node')]
          .map((n) => ({ id: n.getAttribute('data-node-id'), r: n.getBoundingClientRect() }))
          .filter(({ r }) => {
            // the part of the node the canvas shows
            const left = Math.max(r.left, host.left);
            const right = Math.min(r.right, host.right);
            const top = Math.max(r.top, host.top);
            const bottom = Math.min(r.bottom, host.bottom);
            return left < right && top < bottom && left < box!.right && right > box!.left && top < box!.bottom && bottom > box!.top;
          })
          .map(({ id }) => id)
      : [];
    return { shown, miniNodes: mini.length, miniNodesDrawn: mini.filter(inside).length, covered };
  });
}

/** Clicks the canvas's Fit. */
async function fit(page: Page): Promise<void> {
  await page.click('.graph-tools [data-test="fit"]');
}

describe('the add menu’s search', () => {
  it('Enter adds the node whose label is typed, not one whose help text mentions it', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    for (const [typed, kind] of [
      ['Sum', 'sum'],
      ['Agent Output', 'agent-output'],
    ] as const) {
      const before = await kinds(page);
      await openAddMenu(page);
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
      await expect.poll(() => kinds(page)).toEqual({ ...before, [kind]: (before[kind] ?? 0) + 1 });
      expect((await menus(page)).add).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  it('the arrow keys move through the results, best match first, and Enter adds the highlighted one', async () => {
    opened = await openApp();
    const { page } = opened;
    await openAddMenu(page);
    await page.keyboard.type('se');
    const shown = await page.locator('steer-node-menu button[role="option"]').evaluateAll((b) => b.map((x) => x.getAttribute('data-kind')));
    // label prefixes first (Seek, Separation), help-text matches after
    expect(shown.slice(0, 2)).toEqual(['seek', 'separation']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('steer-node-menu button[aria-selected="true"]').getAttribute('data-kind')).toBe('separation');
    const before = await kinds(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => kinds(page)).toEqual({ ...before, separation: (before.separation ?? 0) + 1 });
  });
});

describe('menus close on Escape and on a click outside', () => {
  it('the Presets menu, the add menu and the Overlays menu', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const openers: [keyof Awaited<ReturnType<typeof menus>>, () => Promise<void>][] = [
      ['presets', () => page.click('[data-test="presets"]')],
      ['add', () => openAddMenu(page)],
      ['overlays', () => page.click('.right > steer-preview >> [data-test="overlays"]')],
    ];
    const preview = (await page.locator('.right > steer-preview canvas').first().boundingBox())!;
    for (const [menu, open] of openers) {
      await open();
      expect((await menus(page))[menu], `${menu} opens`).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await menus(page))[menu], { message: `${menu} closes on Escape` }).toBe(false);
      // a click on the graph canvas, and one on the preview
      for (const at of [await emptyCanvasPoint(page), { x: preview.x + preview.width / 2, y: preview.y + 10 }]) {
        await open();
        expect((await menus(page))[menu]).toBe(true);
        await page.mouse.click(at.x, at.y);
        await expect.poll(async () => (await menus(page))[menu], { message: `${menu} closes on a click at ${at.x},${at.y}` }).toBe(false);
      }
    }
    // a click inside a menu is not outside it: the overlay menu stays open while ticking boxes
    await page.click('.right > steer-preview >> [data-test="overlays"]');
    await page.click('.right > steer-preview >> [data-test="overlay-velocity"]');
    expect((await menus(page)).overlays).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('node text after Fit', () => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ]) {
    it(`is at least 11 px on screen at ${width}×${height}, and no parameter label is cut short`, async () => {
      opened = await openApp();
      const { page, errors } = opened;
      await page.setViewportSize({ width, height });
      await fit(page);
      await expect.poll(async () => (await smallestNodeText(page)).min).toBeGreaterThanOrEqual(11);
      expect((await smallestNodeText(page)).seen).toBeGreaterThan(10);
      expect(await truncatedLabels(page)).toEqual([]);
      await screenshot(page, `menus-fit-${width}`);
      // every kind of node, with its longest labels
      await page.click('[data-test="presets"]');
      await page.click('[data-preset="every-node"]');
      await expect.poll(() => page.locator('steer-node[data-kind="flock"]').count()).toBeGreaterThan(0);
      await fit(page);
      await expect.poll(async () => (await smallestNodeText(page)).min).toBeGreaterThanOrEqual(11);
      expect(await truncatedLabels(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('the minimap', () => {
  // In A/B compare at 1024×700 the graph area is short: the minimap strip gives way to the nodes.
  for (const [width, height, shownInCompare] of [
    [1440, 900, true],
    [1024, 700, false],
  ] as const) {
    it(`covers no node after Fit at ${width}×${height}, in A/B compare too, where the canvas still shows whole nodes`, async () => {
      opened = await openApp();
      const { page } = opened;
      await page.setViewportSize({ width, height });
      await fit(page);
      await expect.poll(async () => (await minimapState(page)).miniNodesDrawn).toBeGreaterThan(0);
      expect((await minimapState(page)).covered).toEqual([]);
      await page.click('[data-test="compare"]');
      await page.locator('steer-compare').waitFor();
      await fit(page);
      await expect.poll(async () => (await minimapState(page)).shown).toBe(shownInCompare);
      expect((await minimapState(page)).covered).toEqual([]);
      // the canvas keeps room for the graph: at least one node is shown whole, and it is 180 px tall or more
      const room = await page.evaluate(() => {
        const host = document.querySelector('[data-test="graph"]')!.getBoundingClientRect();
        const whole = [...document.querySelectorAll('steer-node')].filter((n) => {
          const r = n.getBoundingClientRect();
          return r.top >= host.top && r.bottom <= host.bottom && r.left >= host.left && r.right <= host.right;
        }).length;
        return { height: host.height, whole };
      });
      expect(room.height).toBeGreaterThanOrEqual(180);
      expect(room.whole).toBeGreaterThan(0);
      await screenshot(page, `menus-compare-${width}`);
    });
  }

  it('says, while the graph area is too short for it, that it is off and why (its button unavailable), and is back on when there is room', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.setViewportSize({ width: 1024, height: 700 });
    const minimap = (pressed: boolean, disabled: boolean) => page.getByRole('button', { name: 'Minimap', exact: true, pressed, disabled });
    await expect.poll(async () => (await minimapState(page)).shown).toBe(true);
    await expect.poll(() => minimap(true, false).count()).toBe(1);
    // A/B compare at 1024×700: the graph area is short and the minimap gives way to the nodes
    await page.click('[data-test="compare"]');
    await page.locator('steer-compare').waitFor();
    await expect.poll(async () => (await minimapState(page)).shown).toBe(false);
    await expect.poll(() => minimap(false, true).count()).toBe(1);
    expect(await page.locator('[data-test="minimap-toggle"]').getAttribute('title')).toMatch(/no room for the minimap.*too short/i);
    await screenshot(page, 'menus-minimap-no-room');
    // a taller window gives the graph area room: the minimap and its pressed button are back
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(async () => (await minimapState(page)).shown).toBe(true);
    await expect.poll(() => minimap(true, false).count()).toBe(1);
    expect(await page.locator('[data-test="minimap-toggle"]').getAttribute('title')).toBe('Show or hide the minimap');
    expect(errors).toEqual([]);
  });

  it('hides and shows again with its button, and the choice holds after a reload', async () => {
    opened = await openApp();
    const { page } = opened;
    await expect.poll(async () => (await minimapState(page)).miniNodesDrawn).toBeGreaterThan(0);
    await page.click('[data-test="minimap-toggle"]');
    await expect.poll(async () => (await minimapState(page)).shown).toBe(false);
    expect(await page.locator('[data-test="minimap-toggle"]').getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await waitForApp(page);
    expect((await minimapState(page)).shown).toBe(false);
    await page.click('[data-test="minimap-toggle"]');
    const n = (await doc(page)).agentTypes[0].states[0].graph.nodes.length;
    await expect.poll(async () => (await minimapState(page)).miniNodesDrawn).toBe(n);
  });

  it('shows the graph’s nodes after a reload restores a draft', async () => {
    opened = await openApp();
    const { page } = opened;
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="ring"]');
    const ring = await doc(page);
    await expect.poll(() => page.evaluate((name) => Object.keys(localStorage).some((k) => k.startsWith('steergraph.draft:') && (localStorage.getItem(k) ?? '').includes(JSON.stringify(name))), ring.name)).toBe(true);
    const n = ring.agentTypes[0].states[0].graph.nodes.length;
    await page.reload();
    await waitForApp(page);
    expect((await doc(page)).agentTypes[0].states[0].graph.nodes.length).toBe(n);
    await expect.poll(async () => (await minimapState(page)).miniNodesDrawn).toBe(n);
  });
});

describe('Sum’s inputs', () => {
  it('Inputs set to 2 by typing is no error and shows two inputs; weights show no “×” that looks like a delete button', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const sum = page.locator('steer-node[data-kind="sum"]').first();
    const id = (await sum.getAttribute('data-node-id'))!;
    const field = sum.locator('steer-param[data-param="inputs"] input[role="spinbutton"]');
    await field.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((x) => x.id === id)!.params.inputs).toBe(2);
    // no error (the two sources it no longer takes are only warned about: they do nothing)
    await expect.poll(() => page.locator('[data-test="problems-count"]').textContent()).toMatch(/No problems|^\s*0 errors/);
    await expect.poll(() => sum.locator('.row.input').count()).toBe(2);
    expect(await sum.locator('steer-param[data-param^="w"]').count()).toBe(2);
    const weightText = await sum.locator('steer-param[data-param="w0"]').evaluate((p) => p.shadowRoot!.textContent ?? '');
    expect(weightText).not.toContain('×');
    // undone, the Sum has its four inputs back
    const at = await emptyCanvasPoint(page);
    await page.mouse.click(at.x, at.y);
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => sum.locator('.row.input').count()).toBe(4);
    expect(errors).toEqual([]);
  });
});
