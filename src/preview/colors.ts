/**
 * CSS colours as numbers, for the renderers that write pixels or feed a shader (bitmap.ts,
 * webgl.ts): a 2D context normalises any CSS colour its fillStyle accepts to `#rrggbb` or
 * `rgba(r, g, b, a)`, and {@link parseNormalized} reads those.
 */

/** A colour as red, green, blue (0–255) and alpha (0–1). */
export type Rgba = [number, number, number, number];

/** Reads `#rgb`, `#rrggbb`, `rgb(r, g, b)` and `rgba(r, g, b, a)`; anything else gives null. */
export function parseNormalized(text: string): Rgba | null {
  const s = text.trim().toLowerCase();
  let m = /^#([0-9a-f]{6})$/.exec(s);
  if (m) {
    const v = parseInt(m[1], 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255, 1];
  }
  m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(s);
  if (m) return [parseInt(m[1] + m[1], 16), parseInt(m[2] + m[2], 16), parseInt(m[3] + m[3], 16), 1];
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(s);
  if (m) {
    const c = (v: string): number => Math.min(255, Math.max(0, Math.round(Number(v))));
    return [c(m[1]), c(m[2]), c(m[3]), m[4] === undefined ? 1 : Math.min(1, Math.max(0, Number(m[4])))];
  }
  return null;
}

/** A CSS colour through a 2D context's normalisation; one the context does not accept gives `fallback`. */
export function cssColor(ctx: CanvasRenderingContext2D, css: string, fallback: Rgba = [0, 0, 0, 1]): Rgba {
  const before = ctx.fillStyle;
  ctx.fillStyle = '#000000';
  ctx.fillStyle = css;
  const normal = String(ctx.fillStyle);
  ctx.fillStyle = before;
  return parseNormalized(normal) ?? parseNormalized(css) ?? fallback;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An opaque colour as one 32-bit pixel of an ImageData (bytes r, g, b, a in memory); alpha is dropped. */
export function pixelOf(c: Rgba): number {
  return LITTLE_ENDIAN ? ((255 << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0 : ((c[0] << 24) | (c[1] << 16) | (c[2] << 8) | 255) >>> 0;
}
