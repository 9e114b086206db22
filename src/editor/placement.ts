/** Where new nodes go: pasted, duplicated and added nodes fan out instead of stacking. */

/**
 * An offset for new nodes at `positions` that puts none of them on a spot a node of the graph
 * already holds (`taken`, compared to the whole px): `step` times the smallest whole number (from
 * `from`) that does. After 1,000 tries, `step` × `from`.
 */
export function freeOffset(
  taken: readonly (readonly [number, number])[],
  positions: readonly (readonly [number, number])[],
  step: readonly [number, number],
  from: number,
): [number, number] {
  const held = new Set(taken.map((p) => `${Math.round(p[0])},${Math.round(p[1])}`));
  for (let k = from; k < from + 1000; k++) {
    const dx = step[0] * k;
    const dy = step[1] * k;
    if (!positions.some((p) => held.has(`${Math.round(p[0] + dx)},${Math.round(p[1] + dy)}`))) return [dx, dy];
  }
  return [step[0] * from, step[1] * from];
}
