/**
 * Display scaling of graph values. Bit rates are scaled by magnitude to kb/s, Mb/s or Gb/s
 * (decimal prefixes, as link speeds are quoted); every other unit keeps scale 1. `scale` is the
 * divisor applied to the values.
 */
interface UnitScale {
  readonly unit: string;
  readonly scale: number;
}

const BIT_RATE_UNITS = new Set(['bit/s', 'bits/s', 'b/s', 'bps']);
const BIT_RATE_STEPS: readonly UnitScale[] = [
  { unit: 'Gb/s', scale: 1e9 },
  { unit: 'Mb/s', scale: 1e6 },
  { unit: 'kb/s', scale: 1e3 },
];

/** The scale for values of `unit` whose largest magnitude is `maxAbs` (NaN or 0 when no values). */
export function unitScale(unit: string, maxAbs: number): UnitScale {
  if (!BIT_RATE_UNITS.has(unit)) return { unit, scale: 1 };
  for (const step of BIT_RATE_STEPS) if (maxAbs >= step.scale) return step;
  return { unit, scale: 1 };
}
