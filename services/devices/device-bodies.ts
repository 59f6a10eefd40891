import { isAddressOrRange, isDeviceAddress } from '../../core/host-name.js';
import { DEVICE_TAG } from '../../core/names.js';
import { AppError } from '../../core/errors.js';
import type { AgentTest, BlockedAdd, DeviceAdd, DeviceKey, DevicePatch, SnmpCredentialsChange } from '../../core/ports/devices.js';
import type { Tag } from '../../core/types.js';

/**
 * The request bodies of device management (docs/api.md "Inventory") checked into the port's types. Every failure is
 * AppError BAD_PARAMETER naming the field; fields not listed are refused too, so that a misspelt
 * field (`adress`) is an error and not silently ignored.
 */

/** Longest DNS name (RFC 1035). */
const MAX_NAME_CHARS = 253;
const MAX_COMMENT_CHARS = 1000;
const MAX_TAGS = 100;
const MAX_TAG_CHARS = 200;

const show = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
};

function object(body: unknown, what: string, allowed: readonly string[]): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_PARAMETER', `${what} must be a JSON object`);
  const o = body as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) throw new AppError('BAD_PARAMETER', `${what}: unknown field '${show(k)}' (fields: ${allowed.join(', ')})`);
  }
  return o;
}

function str(o: Record<string, unknown>, key: string, max: number): string | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new AppError('BAD_PARAMETER', `field '${key}' must be a string, got ${show(v)}`);
  if (v.length > max) throw new AppError('BAD_PARAMETER', `field '${key}' is longer than ${max} characters`);
  return v;
}

/** An IP address (v4 or v6) or a DNS name; BAD_PARAMETER naming `field` otherwise. */
export function checkAddress(field: string, v: string): string {
  const s = v.trim();
  // The collector's rule (core/host-name.ts), so that a body accepted here is not refused there.
  if (!isDeviceAddress(s)) {
    throw new AppError('BAD_PARAMETER', `${field} '${show(v)}' is neither an IP address nor a DNS name`);
  }
  return s;
}

function address(o: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const v = str(o, key, MAX_NAME_CHARS);
  if (v === undefined) {
    if (required) throw new AppError('BAD_PARAMETER', `field '${key}' is required`);
    return undefined;
  }
  return checkAddress(`field '${key}'`, v);
}

/** `Facet.Word` tags, at most MAX_TAGS; duplicates dropped. */
function checkTags(key: string, v: unknown): Tag[] {
  if (!Array.isArray(v)) throw new AppError('BAD_PARAMETER', `field '${key}' must be an array of tags (Facet.Word)`);
  if (v.length > MAX_TAGS) throw new AppError('BAD_PARAMETER', `field '${key}' has more than ${MAX_TAGS} tags`);
  const out: Tag[] = [];
  for (const t of v) {
    if (typeof t !== 'string' || t.length > MAX_TAG_CHARS || !DEVICE_TAG.test(t)) {
      throw new AppError('BAD_PARAMETER', `field '${key}': ${show(t)} is not a tag of the form Facet.Word`);
    }
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** POST devices/: `{address, name?, comment?, tags?, community?, port?}`. */
export function deviceAdd(body: unknown): DeviceAdd {
  const o = object(body, 'device', ['address', 'name', 'comment', 'tags', 'community', 'port']);
  const port = o.port;
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new AppError('BAD_PARAMETER', `field 'port' must be an integer from 1 to 65535, got ${show(port)}`);
  }
  const community = str(o, 'community', 255);
  if (community === '') throw new AppError('BAD_PARAMETER', `field 'community' must not be empty`);
  return {
    address: address(o, 'address', true)!,
    ...optional('name', str(o, 'name', MAX_NAME_CHARS)),
    ...optional('comment', str(o, 'comment', MAX_COMMENT_CHARS)),
    ...optional('tags', o.tags === undefined ? undefined : checkTags('tags', o.tags)),
    ...optional('community', community),
    ...optional('port', port as number | undefined),
  };
}

/** PUT devices/:dev_id: `{name?, comment?, tags?, address?, community?}`, at least one. */
export function devicePatch(body: unknown): DevicePatch {
  const o = object(body, 'device change', ['name', 'comment', 'tags', 'address', 'community']);
  if (Object.keys(o).length === 0) throw new AppError('BAD_PARAMETER', 'device change names no field (fields: name, comment, tags, address, community)');
  const name = str(o, 'name', MAX_NAME_CHARS);
  if (name !== undefined && name.trim() === '') throw new AppError('BAD_PARAMETER', `field 'name' must not be empty`);
  return {
    ...optional('name', name),
    ...optional('comment', str(o, 'comment', MAX_COMMENT_CHARS)),
    ...optional('tags', o.tags === undefined ? undefined : checkTags('tags', o.tags)),
    ...optional('address', address(o, 'address', false)),
    ...optional('community', communityChange(o)),
  };
}

/** A device's own community: a non-empty string, or null to drop it (the network's are tried). */
function communityChange(o: Record<string, unknown>): string | null | undefined {
  if (o.community === null) return null;
  const c = str(o, 'community', 255);
  if (c === '') throw new AppError('BAD_PARAMETER', `field 'community' must not be empty (null drops the device's own community)`);
  return c;
}

/** POST devices/test: `{address, port?, community?, v3User?}` (at most one of community and v3User). */
export function agentTest(body: unknown): AgentTest {
  const o = object(body, 'test', ['address', 'port', 'community', 'v3User']);
  const port = o.port;
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new AppError('BAD_PARAMETER', `field 'port' must be an integer from 1 to 65535, got ${show(port)}`);
  }
  const community = str(o, 'community', 255);
  const v3User = str(o, 'v3User', 255);
  if (community === '') throw new AppError('BAD_PARAMETER', `field 'community' must not be empty (leave it out to test the network's credentials)`);
  if (v3User === '') throw new AppError('BAD_PARAMETER', `field 'v3User' must not be empty`);
  if (community !== undefined && v3User !== undefined) throw new AppError('BAD_PARAMETER', `give 'community' or 'v3User', not both`);
  return {
    address: address(o, 'address', true)!,
    ...optional('port', port as number | undefined),
    ...optional('community', community),
    ...optional('v3User', v3User),
  };
}

/**
 * PUT admin/net/:netid/snmp: `{communities?: [...], v3Users?: [...]}`, each a list (absent: empty).
 * The entries are checked by the collector (collector/devices/snmp-overlay.ts), whose messages name
 * an entry by its place and never echo a secret.
 */
export function snmpCredentialsBody(body: unknown): SnmpCredentialsChange {
  const o = object(body, 'SNMP credentials', ['communities', 'v3Users']);
  for (const k of ['communities', 'v3Users'] as const) {
    if (o[k] !== undefined && !Array.isArray(o[k])) throw new AppError('BAD_PARAMETER', `field '${k}' must be a list`);
  }
  return { communities: (o.communities ?? []) as SnmpCredentialsChange['communities'], v3Users: (o.v3Users ?? []) as SnmpCredentialsChange['v3Users'] };
}

/** POST and PUT devices/blocking/: `{address, comment?}`, the address an IP address or a CIDR range. */
export function blockedAdd(body: unknown): BlockedAdd {
  const o = object(body, 'blocked address', ['address', 'comment']);
  const a = str(o, 'address', 64);
  if (a === undefined) throw new AppError('BAD_PARAMETER', `field 'address' is required`);
  const s = a.trim();
  if (!isAddressOrRange(s)) throw new AppError('BAD_PARAMETER', `field 'address' '${show(a)}' is neither an IP address nor a CIDR range like 10.1.2.0/24`);
  return { address: s, ...optional('comment', str(o, 'comment', MAX_COMMENT_CHARS)) };
}

/** The one of `id`, `name`, `address` given (GET query or POST body of external tags). */
export function deviceKey(given: { id?: unknown; name?: unknown; address?: unknown }): DeviceKey {
  const keys = (['id', 'name', 'address'] as const).filter((k) => given[k] !== undefined);
  if (keys.length !== 1) {
    throw new AppError('BAD_PARAMETER', `give exactly one of 'id', 'name' and 'address'${keys.length ? `, got ${keys.join(' and ')}` : ''}`);
  }
  const k = keys[0]!;
  const v = given[k];
  if (k === 'id') {
    const n = typeof v === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(v.trim()) ? Number(v.trim()) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new AppError('BAD_PARAMETER', `'id' must be a device id (a non-negative integer), got ${show(v)}`);
    return { id: n };
  }
  if (typeof v !== 'string' || v.trim() === '' || v.length > MAX_NAME_CHARS) throw new AppError('BAD_PARAMETER', `'${k}' must be a non-empty string of at most ${MAX_NAME_CHARS} characters`);
  return k === 'name' ? { name: v } : { address: v.trim() };
}

type TagMode = 'replace' | 'add' | 'remove';

/** POST tags/…/external: `{id|name|address, tags, mode?}`. */
export function externalTagsBody(body: unknown): { key: DeviceKey; tags: Tag[]; mode: TagMode } {
  const o = object(body, 'external tags', ['id', 'name', 'address', 'tags', 'mode']);
  if (o.tags === undefined) throw new AppError('BAD_PARAMETER', `field 'tags' is required`);
  const mode = o.mode ?? 'replace';
  if (mode !== 'replace' && mode !== 'add' && mode !== 'remove') throw new AppError('BAD_PARAMETER', `field 'mode' must be replace, add or remove, got ${show(mode)}`);
  return { key: deviceKey(o), tags: checkTags('tags', o.tags), mode };
}

const optional = <K extends string, V>(k: K, v: V | undefined): { [P in K]?: V } => (v === undefined ? {} : { [k]: v } as { [P in K]: V });
