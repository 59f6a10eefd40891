import type { DeviceProfile } from '../../core/profile-schema.js';
import type { Component, Tag } from '../../core/types.js';
import { tagWord, vendorOf } from './vendors.js';

interface Identity {
  readonly vendor: string;
  readonly os: string;
  readonly model: string;
  readonly profile: string;
  readonly tags: Tag[];
}

/**
 * Who made the box, what it runs and what model it is:
 * - vendor: the profile's `vendor` (an OS only one maker ships), else ENTITY-MIB's chassis
 *   mfgName, else the profile's `vendorWhenUnknown`, else the sysObjectID enterprise's name;
 * - model: ENTITY-MIB's chassis model name, else the profile's sysObjectID table, else its first
 *   sysDescr pattern that matches (the `model` group, else the first group);
 * - tags `Vendor.<vendor>`, `Model.<model>`, `OS.<os>` for those known.
 */
export function identify(profile: DeviceProfile | null, sysObjectID: string, sysDescr: string, chassis: Component | undefined): Identity {
  const vendor = profile?.vendor || chassis?.mfgName || profile?.vendorWhenUnknown || vendorOf(sysObjectID);
  const os = profile?.os ?? '';
  const model = chassis?.model || (profile ? modelOf(profile, sysObjectID, sysDescr) : '');
  const tags = [vendor && `Vendor.${tagWord(vendor)}`, model && `Model.${tagWord(model)}`, os && `OS.${tagWord(os)}`].filter(Boolean) as string[];
  return { vendor, os, model, profile: profile?.name ?? '', tags };
}

function modelOf(p: DeviceProfile, sysObjectID: string, sysDescr: string): string {
  const byOid = p.model.sysObjectID[sysObjectID.replace(/^\./, '')];
  if (byOid) return byOid;
  for (const re of p.model.sysDescr) {
    const m = re.exec(sysDescr);
    const found = m?.groups?.model ?? m?.[1];
    if (found) return found.trim();
  }
  return '';
}
