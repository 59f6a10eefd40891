import { AppError } from '../../core/errors.js';
import type { DevicesPort } from '../../core/ports/devices.js';

/**
 * A DevicesPort for collectors that manage no devices (the API benchmark's fixed inventory, tests of
 * other features): every call is refused with NOT_IMPLEMENTED (501) naming what is missing.
 */
export function devicesUnavailable(what: string): DevicesPort {
  const no = (): never => { throw new AppError('NOT_IMPLEMENTED', `${what} manages no devices`); };
  return {
    list: no, get: no, add: no, update: no, remove: no, test: no, blocked: no, block: no, updateBlock: no, unblock: no,
    submit: no, queue: no, newGeneration: no, pause: no, resume: no, externalTags: no, setExternalTags: no,
    snmpCredentials: no, setSnmpCredentials: no,
  };
}
