/** How a variable's values are carried onto the polling grid (interpolate.ts). */
export const enum GridKind { Rate = 1, Gauge = 2, Enum = 3 }
