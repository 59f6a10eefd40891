import { JSON_TYPE, type ApiResponse } from '../http/http-types.js';

/**
 * A 200 JSON answer for service results that are immutable and may be returned again as the same
 * object (the map service's cached maps): each object is encoded once, and a later answer of the
 * same object sends the same bytes. Held weakly: an object the service dropped goes with its bytes.
 * One encoder per route module (no module-level state).
 */
export function jsonOnceEncoder(): (body: object) => ApiResponse {
  const encoded = new WeakMap<object, Buffer>();
  return (body) => {
    let bytes = encoded.get(body);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(body), 'utf8');
      encoded.set(body, bytes);
    }
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body: bytes };
  };
}
