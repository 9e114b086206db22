/**
 * `dsincos(deg)`: the cosine and sine of an angle in degrees, deg in [0, 360], with only + − × ÷ and
 * floor (BEHAVIORS.md, "Angles fixed at compile time"): the same bits in every engine, so a constant
 * computed when the page compiles equals the one the CLI computes. Never on the tick path (a formation
 * builds its circle table with it once per count: runtime/behaviors/formation.ts).
 */
export function dsincos(deg: number): [number, number] {
  const q = Math.floor(deg / 90);
  let r = deg - 90 * q;
  const swap = r > 45;
  if (swap) r = 90 - r;
  const x = r * 0.017453292519943295;
  const z = x * x;
  // innermost first, each step 1 − (z/k)·inner
  let s = 1 - (z / 272);
  for (const k of [210, 156, 110, 72, 42, 20, 6]) s = 1 - (z / k) * s;
  s = x * s;
  let c = 1 - z / 240;
  for (const k of [182, 132, 90, 56, 30, 12, 2]) c = 1 - (z / k) * c;
  if (swap) [c, s] = [s, c];
  for (let k = 0; k < q; k++) [c, s] = [-s, c];
  return [c, s];
}
