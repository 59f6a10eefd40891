import { dropControlChars } from '../../core/control-chars.js';
import type { Varbind } from '../../snmp/types.js';

/** Conversions of decoded varbind values for discovery records. */

/**
 * Printable text of an OCTET STRING: trailing NULs dropped, every run of control characters (C0 with
 * CR, LF and TAB, DEL, C1, U+2028/U+2029: core/control-chars.ts) one space, trimmed. An agent's text
 * is never one that could start a new line in a log, a journal entry or an e-mail.
 */
export function text(vb: Varbind | undefined): string {
  const v = vb?.value;
  if (v instanceof Uint8Array) return dropControlChars(Buffer.from(v).toString('utf8').replace(/\0+$/, '')).trim();
  if (typeof v === 'string') return dropControlChars(v).trim();
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return '';
}

export function num(vb: Varbind | undefined): number {
  const v = vb?.value;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return NaN;
}

/** aa:bb:cc:dd:ee:ff for a 6-byte OCTET STRING, '' otherwise. */
export function mac(vb: Varbind | undefined): string {
  const v = vb?.value;
  return v instanceof Uint8Array && v.length === 6 ? macOfBytes(v) : '';
}

export const macOfBytes = (v: Uint8Array): string => Array.from(v, (b) => b.toString(16).padStart(2, '0')).join(':');

/** Bytes as text when printable, else as a MAC (6 bytes) or hex. Used for LLDP ids. */
export function idText(vb: Varbind | undefined): string {
  const v = vb?.value;
  if (!(v instanceof Uint8Array)) return text(vb);
  if (v.length === 6 && !isPrintable(v)) return macOfBytes(v);
  if (isPrintable(v)) return Buffer.from(v).toString('latin1');
  return Array.from(v, (b) => b.toString(16).padStart(2, '0')).join(':');
}

const isPrintable = (v: Uint8Array): boolean => v.length > 0 && v.every((b) => b >= 0x20 && b < 0x7f);

/** Groups a column walk by row index: index text → varbind. */
export function rowsOf(varbinds: readonly Varbind[], column: string): Map<string, Varbind> {
  const out = new Map<string, Varbind>();
  const prefix = column + '.';
  for (const vb of varbinds) if (vb.oid.startsWith(prefix)) out.set(vb.oid.slice(prefix.length), vb);
  return out;
}
