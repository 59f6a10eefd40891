import type { Device } from '../../core/types.js';

/**
 * The map icon of a device (legacy `GET /api/ui/networks/:netid/icons`): one of a fixed set, chosen
 * from the device's record. The set and the rule are this project's (the spec lists the call only).
 */
export interface IconDef {
  readonly name: string;
  readonly description: string;
}

export const ICONS: readonly IconDef[] = Object.freeze([
  { name: 'router', description: 'a router (tag Role.Router, or a routing OS: IOS-XR, JunOS)' },
  { name: 'switch', description: 'a switch (tag Role.Switch, or a switch OS: NX-OS, EOS, ProCurve, IOS)' },
  { name: 'firewall', description: 'a firewall (tag Role.Firewall)' },
  { name: 'accessPoint', description: 'a wireless access point (tag Role.AccessPoint)' },
  { name: 'server', description: 'a host (Linux, Windows, FreeBSD, or tag Role.Server)' },
  { name: 'device', description: 'anything else' },
]);

const BY_ROLE: Readonly<Record<string, string>> = {
  router: 'router', switch: 'switch', firewall: 'firewall', accesspoint: 'accessPoint', ap: 'accessPoint', server: 'server', host: 'server',
};
const BY_OS: Readonly<Record<string, string>> = {
  'ios-xr': 'router', junos: 'router', 'nx-os': 'switch', eos: 'switch', procurve: 'switch', arubaos: 'switch', ios: 'switch',
  linux: 'server', windows: 'server', freebsd: 'server',
};

/** The icon name: a `Role.*` tag first, then the OS family the profile named, else `device`. */
export function iconOf(d: Device): string {
  for (const t of d.tags) {
    if (!t.startsWith('Role.')) continue;
    const icon = BY_ROLE[t.slice(5).toLowerCase()];
    if (icon) return icon;
  }
  return BY_OS[(d.os ?? '').toLowerCase()] ?? 'device';
}
