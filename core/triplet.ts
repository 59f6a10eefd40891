import { AppError } from './errors.js';

/** `<variable_name>.<device_id>.<component_index>`; the name may itself contain dots. */
interface Triplet {
  readonly name: string;
  readonly deviceId: number;
  readonly index: number;
}

const INDEX_RE = /^(0|[1-9][0-9]{0,15})$/;

/** Parses a triplet; throws AppError BAD_TRIPLET naming what is wrong. */
export function parseTriplet(text: string): Triplet {
  const last = text.lastIndexOf('.');
  const mid = last > 0 ? text.lastIndexOf('.', last - 1) : -1;
  if (mid <= 0) throw new AppError('BAD_TRIPLET', `'${text}' is not a triplet <variable>.<deviceId>.<index>`);
  const name = text.slice(0, mid);
  const dev = text.slice(mid + 1, last);
  const idx = text.slice(last + 1);
  if (!INDEX_RE.test(dev)) throw new AppError('BAD_TRIPLET', `'${text}': device id '${dev}' is not a non-negative integer`);
  if (!INDEX_RE.test(idx)) throw new AppError('BAD_TRIPLET', `'${text}': component index '${idx}' is not a non-negative integer`);
  return { name, deviceId: Number(dev), index: Number(idx) };
}

export const formatTriplet = (t: Triplet): string => `${t.name}.${t.deviceId}.${t.index}`;
