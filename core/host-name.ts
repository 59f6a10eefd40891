import { parseCidr, parseIp } from './cidr.js';

/** A DNS host name (RFC 1123 labels, at most 253 characters, an optional final dot). */
const HOST_NAME = /^(?=.{1,254}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.?$/;

export function isIpAddress(text: string): boolean {
  return parseIp(text) !== null;
}

/**
 * A DNS name a device or seed may be given by: RFC 1123 labels, and not made of digits and dots only
 * (`10.0.0.300` is a bad IP address, not a name).
 */
function isHostName(text: string): boolean {
  return HOST_NAME.test(text) && !/^[\d.]+$/.test(text);
}

/** What an operator may give as a device's address: an IP address or a DNS name. */
export function isDeviceAddress(text: string): boolean {
  return isIpAddress(text) || isHostName(text);
}

/** An IP address or CIDR range (what networks[].blocked and devices/blocking take). */
export function isAddressOrRange(text: string): boolean {
  return parseCidr(text) !== null;
}
