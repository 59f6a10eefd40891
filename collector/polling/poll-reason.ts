import type { FailureKind } from '../../core/ports/networks.js';

/**
 * The kinds of a poll's or a probe's error text, first match wins. The texts come from the
 * project's v2c codec path (`Request timed out`), net-snmp (its error names and messages, the
 * usmStats reports of SNMPv3), Node's sockets (`EHOSTUNREACH`, `ECONNREFUSED`…), the probe
 * (`no system group`, `no credentials configured`) and the resolver (`does not resolve`).
 * Order matters: a v3 report of wrong credentials arrives as an error answer, so credentials are
 * tested before agent errors; a timeout's text may mention dropped answers, tested last but one.
 */
const KINDS: readonly (readonly [FailureKind, RegExp])[] = [
  ['unresolved', /does not resolve|ENOTFOUND|EAI_AGAIN|EAI_NONAME/i],
  ['noRoute', /EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|no route/i],
  ['refused', /ECONNREFUSED|refused|port unreachable/i],
  ['credentials', /usmStats|authentication|authorization|unknown ?user|wrong ?digest|decrypt|unknownEngine|notInTimeWindow|unknownSecurity|no credentials configured|bad community/i],
  ['timeout', /timed? ?out/i],
  ['agentError', /noSuchName|genErr|tooBig|badValue|readOnly|noAccess|error status|ResponseInvalid|no system group|RequestFailed|noSuch/i],
];

/** What each kind means, for people (the API's `reasonText`, the healthcheck, the UI). */
const WORDS: Readonly<Record<FailureKind, string>> = {
  timeout: 'timeout: no SNMP answer (the device is down or drops the requests: with SNMP v2c a wrong community or an ACL looks the same)',
  credentials: 'wrong community or v3 credentials: the agent refused them',
  noRoute: 'no route to the address',
  refused: 'refused: nothing listens on the SNMP port',
  agentError: 'agent error: the agent answered, but with an error or without the system group',
  unresolved: 'the DNS name does not resolve',
  other: 'error',
};

/** The kind of an error text; `other` when no pattern matches. */
export function failureKind(error: string): FailureKind {
  for (const [kind, re] of KINDS) if (re.test(error)) return kind;
  return 'other';
}

/** The kind's words. */
export function failureWords(kind: FailureKind): string { return WORDS[kind]; }

/** The error text naming the address once (the workers' texts already begin with `address:port`). */
export function withAddress(address: string, error: string): string {
  return error.startsWith(address) ? error : `${address}: ${error}`;
}
