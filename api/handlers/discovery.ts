import { AppError } from '../../core/errors.js';
import type { Device, Generation } from '../../core/types.js';
import type { ApiContext } from '../http/context.js';
import type { ApiRequest, ApiResponse } from '../http/http-types.js';
import type { GenerationSelector } from '../monitor-service.js';
import { networkParam, parseNonNegativeInteger, pathParam, queryInteger } from '../http/params.js';

/**
 * Discovery start and the generation-selected discovery data (spec 4.1.1). Response shapes of
 * start, topo, devices and device are the project's (the spec marks them † or leaves them open).
 */

/** GET /v2/svc/discovery/net/:id/start */
export function startDiscovery(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req);
  const r = ctx.service.startDiscovery(net.id);
  return { status: 200, body: { status: 'ok', started: r.started, generation: r.generation, message: r.message } };
}

/**
 * The query `timestamp` / `generation` as a selector, following spec 4.1.1:
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

function selectedGeneration(ctx: ApiContext, req: ApiRequest): { netId: number; gen: Generation | null } {
  const net = networkParam(ctx, req);
  const sel = parseSelector(req);
  return { netId: net.id, gen: ctx.service.generation(net.id, sel) };
}

function generationHead(netId: number, gen: Generation | null) {
  return {
    networkId: netId,
    generation: gen ? gen.number : null,
    startedAtMs: gen ? gen.startedAtMs : null,
    completedAtMs: gen ? gen.completedAtMs : null,
  };
}

/**
 * A Device record as the API shows it: everything discovery found except `poll` (how the device is
 * polled, credentials included), which never leaves the server.
 */
export function publicDevice(d: Device): Record<string, unknown> {
  const out: Record<string, unknown> = { ...d };
  delete out.poll;
  return out;
}

/** A device as the topology shows it: identity and interfaces, no neighbour tables or components. */
function topoDevice(d: Device) {
  return {
    id: d.id,
    name: d.name,
    address: d.address,
    vendor: d.vendor,
    model: d.model,
    sysObjectID: d.sysObjectID,
    boxDescr: d.sysDescr,
    tags: d.tags,
    interfaces: d.interfaces.map((i) => ({
      index: i.index,
      name: i.name,
      descr: i.descr,
      alias: i.alias,
      speedBps: i.speedBps,
      adminStatus: i.adminStatus,
      operStatus: i.operStatus,
      mac: i.mac,
      addresses: i.addresses,
    })),
  };
}

/** GET /v2/discovery/net/:id/topo — `{ networkId, generation, startedAtMs, completedAtMs, devices, links }`. */
export function topology(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const { netId, gen } = selectedGeneration(ctx, req);
  return {
    status: 200,
    body: {
      ...generationHead(netId, gen),
      devices: gen ? gen.devices.map(topoDevice) : [],
      links: gen ? gen.links.map((l) => ({ a: l.a, b: l.b, protocol: l.protocol })) : [],
    },
  };
}

/** GET /v2/discovery/net/:id/devices — `{ networkId, generation, startedAtMs, completedAtMs, devices: Device[] }` (public records). */
export function devices(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const { netId, gen } = selectedGeneration(ctx, req);
  return { status: 200, body: { ...generationHead(netId, gen), devices: gen ? gen.devices.map(publicDevice) : [] } };
}

/** GET /v2/discovery/net/:id/devices/:devid — one Device record; 404 when the generation lacks it. */
export function device(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const devId = parseNonNegativeInteger('devid', pathParam(req, 'devid'));
  const { gen } = selectedGeneration(ctx, req);
  const d = gen?.devices.find((x) => x.id === devId);
  if (!d) {
    const where = gen ? `generation ${gen.number}` : 'any completed discovery (none has completed yet)';
    throw new AppError('UNKNOWN_DEVICE', `device ${devId} is not in ${where}`);
  }
  return { status: 200, body: publicDevice(d) };
}
