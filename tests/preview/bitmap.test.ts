import { describe, expect, it } from 'vitest';
import { DIRECTIONS, directionOf, makeStamps, stampAgents } from '../../src/preview/bitmap';

/** The pixels of a stamp as "dx,dy" strings. */
function pixels(len: number, d: number): Set<string> {
  const s = makeStamps(len);
  const out = new Set<string>();
  for (let j = s.start[d]; j < s.start[d + 1]; j++) out.add(`${s.dx[j]},${s.dy[j]}`);
  return out;
}

describe('makeStamps', () => {
  it('rasterises the agent triangle: the tip 0.6 ahead, the base 0.4 behind, slim', () => {
    // heading +x, 20 px long: tip at +12, base at −8, half-width 5.4
    const p = pixels(20, 0);
    expect(p.has('11,0')).toBe(true);
    expect(p.has('13,0')).toBe(false);
    expect(p.has('-7,0')).toBe(true);
    expect(p.has('-9,0')).toBe(false);
    expect(p.has('-7,5')).toBe(true);
    expect(p.has('-7,6')).toBe(false);
    // narrow near the tip
    expect(p.has('10,2')).toBe(false);
    // symmetric about the heading
    for (const key of p) {
      const [x, y] = key.split(',').map(Number);
      expect(p.has(`${x},${-y}`)).toBe(true);
    }
  });

  it('turns with the heading: a quarter turn maps (dx, dy) to (−dy, dx)', () => {
    // a length whose edges pass between pixel centres, so rounding cannot tip a pixel either way
    const east = pixels(21, 0);
    const south = pixels(21, DIRECTIONS / 4);
    expect(south.size).toBe(east.size);
    for (const key of east) {
      const [x, y] = key.split(',').map(Number);
      expect(south.has(`${-y || 0},${x}`)).toBe(true);
    }
  });

  it('always covers the agent’s own pixel, however small', () => {
    const s = makeStamps(0.5);
    for (let d = 0; d < DIRECTIONS; d++) expect(pixels(0.5, d).has('0,0')).toBe(true);
    expect(s.reach).toBeLessThanOrEqual(1);
  });
});

describe('directionOf', () => {
  it('rounds a heading to the nearest of the stamp directions', () => {
    expect(directionOf(1, 0)).toBe(0);
    expect(directionOf(0, 1)).toBe(DIRECTIONS / 4);
    expect(directionOf(-1, 0)).toBe(DIRECTIONS / 2);
    expect(directionOf(0, -1)).toBe((3 * DIRECTIONS) / 4);
    expect(directionOf(Math.cos(0.01), Math.sin(-0.01))).toBe(0);
  });
});

describe('stampAgents', () => {
  const W = 40;
  const H = 30;
  const stamps = makeStamps(10);

  it('stamps each agent in view at its pixel, in the colour given, and nothing else', () => {
    const px = new Uint32Array(W * H);
    // world → pixel: × 2, + (4, 2)
    stampAgents(px, W, H, [5, 5, 10, 8], [1, 0, 0, 1], 2, 2, 4, 2, stamps, 7);
    expect(px[12 * W + 14]).toBe(7);
    expect(px[18 * W + 24]).toBe(7);
    const painted = px.reduce((n, v) => n + (v === 7 ? 1 : 0), 0);
    const east = stamps.start[1] - stamps.start[0];
    const south = stamps.start[DIRECTIONS / 4 + 1] - stamps.start[DIRECTIONS / 4];
    expect(painted).toBe(east + south);
  });

  it('clips agents at the edges and skips those out of view', () => {
    const px = new Uint32Array(W * H);
    stampAgents(px, W, H, [0, 0, 39.5, 29.5, 500, 500, -30, 10], [1, 0, -1, 0, 1, 0, 1, 0], 4, 1, 0, 0, stamps, 9);
    expect(px[0]).toBe(9);
    expect(px[29 * W + 39]).toBe(9);
    // nothing wrapped round to the other side of a row
    expect(px[1 * W - 1]).toBe(0);
    expect(px.length).toBe(W * H);
  });
});
