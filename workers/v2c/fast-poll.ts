/**
 * The worker-thread side of the v2c fast path: one UdpClient per thread, the SlotState view made once
 * per shared buffer, one PollScratch per thread, and a FastDevice made for each poll over the device's
 * packed plan (≈ 15 µs, about 1% of a 48-port switch's poll): a thread keeps no per-device state
 * except for the few devices that need it (their last poll timed out; their requests were adapted to
 * tooBig answers), so its memory does not grow with the inventory (each thread polls every device).
 */
import { RingBuffer } from '../../store/ring.js';
import type { PollPlan, PollResult } from '../poll-plan.js';
import { SlotState } from '../slot-state.js';
import { FastDevice } from './fast-device.js';
import { handleFingerprint, isPlanHandle, makePlanHandle, planView, responseBytesFor, type PlanHandle } from './plan-handle.js';
import { StateView } from './op-eval.js';
import { PollScratch } from './readings.js';
import { UdpClient } from './udp-client.js';

/**
 * Requests one worker thread keeps in flight; the rest wait their turn in the client. Their answers
 * must fit the socket's receive buffer while the thread is busy (Linux caps it at net.core.rmem_max,
 * 4 MB here: ~1,700 answers of 1.4 kB at their in-kernel size), else they are dropped and retried.
 */
const MAX_IN_FLIGHT = 1024;
/** Timeout scan period: a request's timeout is honoured to within this. */
const TICK_MS = 20;
/** Room for a burst of answers while the thread is busy evaluating (1,000 devices × ~11 answers of ~1.4 kB). */
const RECV_BUFFER_BYTES = 16 * 1024 * 1024;

interface FastPoller {
  readonly client: UdpClient;
  poll(plan: PollPlan | PlanHandle, ringSab: SharedArrayBuffer, stateSab: SharedArrayBuffer): Promise<PollResult>;
  /** GET requests one poll of the device sends now (0: not compiled). */
  requestCount(deviceId: number): number;
  close(): void;
}

export function createFastPoller(opts: { nowMs?: () => number; maxInFlight?: number } = {}): FastPoller {
  const nowMs = opts.nowMs ?? Date.now;
  const client = new UdpClient({ maxInFlight: opts.maxInFlight ?? MAX_IN_FLIGHT, tickMs: TICK_MS, recvBufferBytes: RECV_BUFFER_BYTES, nowMs });
  const scratch = new PollScratch();
  /** Devices whose requests were adapted to tooBig answers (FastDevice.adapted): kept from poll to poll. */
  const adapted = new Map<number, FastDevice>();
  /** Devices whose last poll timed out (their next poll starts with a probe). */
  const timedOut = new Set<number>();
  /** GET requests of the last poll of each device (requestCount). */
  const requests = new Map<number, number>();
  let ringCache: { sab: SharedArrayBuffer; ring: RingBuffer } | null = null;
  let stateCache: { sab: SharedArrayBuffer; view: StateView } | null = null;
  /** Plain plans (tests, benchmarks) are packed here, once per fingerprint. */
  const packedPlain = new Map<number, PlanHandle>();
  const handleOf = (plan: PollPlan): PlanHandle => {
    const size = responseBytesFor(plan.target);
    let h = packedPlain.get(plan.deviceId);
    if (!h || h.fingerprint !== handleFingerprint(plan, size)) packedPlain.set(plan.deviceId, h = makePlanHandle(plan, size));
    return h;
  };
  return {
    client,
    async poll(plan, ringSab, stateSab) {
      if (ringCache?.sab !== ringSab) ringCache = { sab: ringSab, ring: RingBuffer.attach(ringSab) };
      if (stateCache?.sab !== stateSab) stateCache = { sab: stateSab, view: new StateView(SlotState.attach(stateSab)) };
      const handle = isPlanHandle(plan) ? plan : handleOf(plan);
      const id = handle.deviceId;
      let dev = adapted.get(id);
      if (dev && (dev.fingerprint !== handle.fingerprint || dev.busy)) {
        // a new plan starts from scratch; a busy one is never expected (one poll per device at a time)
        if (dev.fingerprint !== handle.fingerprint) adapted.delete(id);
        dev = undefined;
      }
      dev ??= new FastDevice(planView(handle), handle.fingerprint, nowMs, scratch);
      dev.lastTimedOut = timedOut.has(id);
      const r = await dev.poll(stateCache.view, ringCache.ring, client);
      if (r.timeout) timedOut.add(id); else timedOut.delete(id);
      if (dev.adapted) adapted.set(id, dev);
      requests.set(id, dev.requestCount);
      return r;
    },
    requestCount: (deviceId) => requests.get(deviceId) ?? 0,
    close: () => client.close(),
  };
}

let shared: FastPoller | null = null;

/** The thread's poller (made on first use). */
export function pollFast(plan: PollPlan | PlanHandle, ringSab: SharedArrayBuffer, stateSab: SharedArrayBuffer): Promise<PollResult> {
  shared ??= createFastPoller();
  return shared.poll(plan, ringSab, stateSab);
}
