/**
 * The indexes of the `k` largest values of `values` (NaN entries, slots without points in a
 * rollup, are skipped), largest first; ties keep the lower index first. One pass with a small
 * sorted buffer: O(n·k) in the worst case, O(n) when most values do not enter the top.
 */
export function topIndexes(values: Float64Array, k: number): Int32Array {
  const idx = new Int32Array(k);
  const top = new Float64Array(k);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) continue;
    if (n === k && !(v > top[k - 1])) continue;
    let at = n < k ? n++ : k - 1;
    while (at > 0 && top[at - 1] < v) { top[at] = top[at - 1]; idx[at] = idx[at - 1]; at--; }
    top[at] = v;
    idx[at] = i;
  }
  return idx.slice(0, n);
}
