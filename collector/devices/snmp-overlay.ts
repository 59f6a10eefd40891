import type { NetworkConfig, SnmpV3User } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import type { SnmpCredentialsChange, SnmpCredentialsView, SnmpV3UserView } from '../../core/ports/devices.js';
import type { MetaStore } from '../../store/meta/meta.js';

/**
 * The SNMP credentials administrators add to a network through the API (docs/api.md "SNMP
 * credentials"): an overlay over the config file's, stored in the metadata store so that it
 * survives restarts. Precedence: the overlay's communities are tried first, then the file's that
 * it does not repeat; an overlay v3 user named as one of the file's replaces it, the others are
 * added. The file's credentials are changed in the file only. Secrets are stored as the config
 * file holds them; nothing here logs or returns one.
 */
export interface SnmpOverlay {
  readonly communities: readonly string[];
  readonly v3Users: readonly SnmpV3User[];
  readonly updatedBy: string;
  readonly updatedAtMs: number;
}

const NS = 'snmpOverlay';
/** Most communities and v3 users of an overlay: each one is a probe attempt per address at discovery. */
export const MAX_OVERLAY_COMMUNITIES = 16;
export const MAX_OVERLAY_V3_USERS = 16;
/** Longest community, user name and key (characters). */
const MAX_SECRET_CHARS = 255;

const LEVELS = ['noAuthNoPriv', 'authNoPriv', 'authPriv'] as const;
const AUTH = ['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
const PRIV = ['des', 'aes', 'aes256b', 'aes256r'] as const;

/** The overlays of every network, in namespace `snmpOverlay` keyed by network id. */
export class SnmpOverlays {
  constructor(private readonly meta: MetaStore) {}

  get(netId: number): SnmpOverlay | undefined {
    const v = this.meta.get<SnmpOverlay>(NS, netId);
    return v && Array.isArray(v.communities) && Array.isArray(v.v3Users) ? v : undefined;
  }

  async put(netId: number, overlay: SnmpOverlay): Promise<void> {
    if (overlay.communities.length === 0 && overlay.v3Users.length === 0) await this.meta.remove(NS, netId);
    else await this.meta.put(NS, netId, overlay);
  }
}

/** The network as it is polled: its SNMP credentials with the overlay's over the file's. */
export function withOverlay(net: NetworkConfig, overlay: SnmpOverlay | undefined): NetworkConfig {
  if (!overlay || (overlay.communities.length === 0 && overlay.v3Users.length === 0)) return net;
  const names = new Set(overlay.v3Users.map((u) => u.name));
  return {
    ...net,
    snmp: {
      ...net.snmp,
      communities: [...overlay.communities, ...net.snmp.communities.filter((c) => !overlay.communities.includes(c))],
      v3Users: [...overlay.v3Users, ...net.snmp.v3Users.filter((u) => !names.has(u.name))],
    },
  };
}

/** The credentials in force, named by source and index or name; never a secret. */
export function credentialsView(file: NetworkConfig, overlay: SnmpOverlay | undefined): SnmpCredentialsView {
  const ui = overlay?.communities ?? [];
  const users = overlay?.v3Users ?? [];
  const fileNames = new Set(file.snmp.v3Users.map((u) => u.name));
  const names = new Set(users.map((u) => u.name));
  const userView = (u: SnmpV3User, source: 'ui' | 'file'): SnmpV3UserView => ({
    name: u.name, level: u.level, authProtocol: u.authProtocol, privProtocol: u.privProtocol, source, replacesFile: source === 'ui' && fileNames.has(u.name),
  });
  return {
    network: file.id,
    communities: [
      ...ui.map((_, index) => ({ source: 'ui' as const, index })),
      ...file.snmp.communities.flatMap((c, index) => (ui.includes(c) ? [] : [{ source: 'file' as const, index }])),
    ],
    v3Users: [...users.map((u) => userView(u, 'ui')), ...file.snmp.v3Users.filter((u) => !names.has(u.name)).map((u) => userView(u, 'file'))],
    updatedBy: overlay?.updatedBy ?? null,
    updatedAtMs: overlay?.updatedAtMs ?? null,
  };
}

const bad = (message: string): AppError => new AppError('BAD_PARAMETER', message);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A secret or name: a non-empty string without control characters, bounded. The message names `what`, never the value. */
function text(v: unknown, what: string): string {
  // eslint-disable-next-line no-control-regex
  if (typeof v !== 'string' || v === '' || v.length > MAX_SECRET_CHARS || /[\u0000-\u001f\u007f]/.test(v)) {
    throw bad(`${what} must be a non-empty string of at most ${MAX_SECRET_CHARS} characters without control characters`);
  }
  return v;
}

function oneOf<T extends string>(v: unknown, what: string, allowed: readonly T[], fallback: T): T {
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) throw bad(`${what} must be one of ${allowed.join(', ')}`);
  return v as T;
}

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], what: string): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) throw bad(`${what}: unknown field '${k.slice(0, 60)}' (fields: ${allowed.join(', ')})`);
}

/** A new v3 user as config-load checks one (levels, protocols, keys of at least 8 characters: RFC 3414). */
function newUser(o: Record<string, unknown>, what: string): SnmpV3User {
  onlyKeys(o, ['name', 'level', 'authProtocol', 'authKey', 'privProtocol', 'privKey'], what);
  const name = text(o.name, `${what}.name`);
  const level = oneOf(o.level, `${what}.level`, LEVELS, 'authPriv');
  const key = (k: 'authKey' | 'privKey', needed: boolean): string => {
    if (!needed) return '';
    const v = text(o[k], `${what}.${k}`);
    if (v.length < 8) throw bad(`${what}.${k} must be at least 8 characters (RFC 3414)`);
    return v;
  };
  return {
    name, level,
    authProtocol: oneOf(o.authProtocol, `${what}.authProtocol`, AUTH, 'sha'), authKey: key('authKey', level !== 'noAuthNoPriv'),
    privProtocol: oneOf(o.privProtocol, `${what}.privProtocol`, PRIV, 'aes'), privKey: key('privKey', level === 'authPriv'),
  };
}

/**
 * The overlay a change makes of the current one: kept entries by index (communities) or name (v3
 * users), new ones checked. Throws BAD_PARAMETER naming the entry (never its secret).
 */
export function applyChange(current: SnmpOverlay | undefined, change: SnmpCredentialsChange, user: string, nowMs: number): SnmpOverlay {
  const c = change as unknown;
  if (!isObject(c)) throw bad('the SNMP credentials must be a JSON object');
  onlyKeys(c, ['communities', 'v3Users'], 'SNMP credentials');
  const list = (v: unknown, what: string, max: number): unknown[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw bad(`${what} must be a list`);
    if (v.length > max) throw bad(`${what}: at most ${max} entries`);
    return v;
  };
  const communities: string[] = [];
  list(c.communities, 'communities', MAX_OVERLAY_COMMUNITIES).forEach((e, i) => {
    const what = `communities[${i}]`;
    if (!isObject(e)) throw bad(`${what} must be { keep: <index> } or { community: <text> }`);
    onlyKeys(e, ['keep', 'community'], what);
    let value: string;
    if (e.keep !== undefined && e.community === undefined) {
      const at = e.keep;
      const kept = typeof at === 'number' && Number.isInteger(at) ? current?.communities[at] : undefined;
      if (kept === undefined) throw bad(`${what}: keep names no community added through the API (they are ${current?.communities.length ?? 0})`);
      value = kept;
    } else if (e.community !== undefined && e.keep === undefined) {
      value = text(e.community, `${what}.community`);
    } else {
      throw bad(`${what} must be { keep: <index> } or { community: <text> }`);
    }
    if (communities.includes(value)) throw bad(`${what} repeats an earlier community`);
    communities.push(value);
  });
  const users: SnmpV3User[] = [];
  list(c.v3Users, 'v3Users', MAX_OVERLAY_V3_USERS).forEach((e, i) => {
    const what = `v3Users[${i}]`;
    if (!isObject(e)) throw bad(`${what} must be an object`);
    let u: SnmpV3User;
    if (e.keep !== undefined) {
      onlyKeys(e, ['name', 'keep'], what);
      const name = text(e.name, `${what}.name`);
      const kept = e.keep === true ? current?.v3Users.find((x) => x.name === name) : undefined;
      if (!kept) throw bad(`${what}: keep must be true and name a v3 user added through the API`);
      u = kept;
    } else {
      u = newUser(e, what);
    }
    if (users.some((x) => x.name === u.name)) throw bad(`${what}: the name ${u.name} is given twice`);
    users.push(u);
  });
  return { communities, v3Users: users, updatedBy: user, updatedAtMs: nowMs };
}

/** Whether two overlays hold the same credentials (who and when aside). */
export const sameCredentials = (a: SnmpOverlay | undefined, b: SnmpOverlay | undefined): boolean =>
  JSON.stringify([a?.communities ?? [], a?.v3Users ?? []]) === JSON.stringify([b?.communities ?? [], b?.v3Users ?? []]);
