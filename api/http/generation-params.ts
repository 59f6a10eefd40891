import { AppError } from '../../core/errors.js';
import type { GenerationSelector } from '../../core/ports/networks.js';
import type { ApiRequest } from './http-types.js';
import { queryInteger } from './params.js';

/**
 * The query `timestamp` / `generation` as a selector, following docs/api.md "Generation selection":
 * 1. timestamp > 0 → the latest discovery completed before it;
 * 2. generation > 0 → that generation;
 * 3. both missing, or timestamp 0 and generation −1 → the latest completed one;
 * 4. both > 0 → timestamp wins.
 * This project also reads timestamp 0 alone and generation 0 or −1 alone as rule 3. Values that
 * are not integers, a negative timestamp and a generation below −1 are malformed (400).
 * The returned selector carries at most one field so that the service sees one rule.
 */
export function parseSelector(req: ApiRequest): GenerationSelector {
  const timestamp = queryInteger(req, 'timestamp');
  const generation = queryInteger(req, 'generation');
  if (timestamp !== undefined && timestamp < 0) throw new AppError('BAD_PARAMETER', `parameter 'timestamp' must not be negative, got ${timestamp}`);
  if (generation !== undefined && generation < -1) throw new AppError('BAD_PARAMETER', `parameter 'generation' must be a generation number, 0 or -1, got ${generation}`);
  if (timestamp !== undefined && timestamp > 0) return { timestampMs: timestamp };
  if (generation !== undefined && generation > 0) return { generation };
  return {};
}
