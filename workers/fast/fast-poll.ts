/**
 * The worker-thread side of the v2c fast path: one UdpClient per thread, each device's plan compiled
 * once into a FastDevice (recompiled when the plan's fingerprint changes), the SlotState view made
 * once per shared buffer.
 */
import { RingBuffer } from '../../store/ring.js';
import type { PollPlan, PollResult } from '../poll-plan.js';
import { SlotState } from '../slot-state.js';
import { FastDevice, MAX_RESPONSE_BYTES, planFingerprint } from './fast-device.js';
import { isPlanHandle, readPlanHandle, type PlanHandle } from './plan-handle.js';
import { StateView } from './op-eval.js';
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

export interface FastPoller {
  readonly client: UdpClient;
  poll(plan: PollPlan | PlanHandle, ringSab: SharedArrayBuffer, stateSab: SharedArrayBuffer): Promise<PollResult>;
  /** GET requests one poll of the device sends now (0: not compiled). */
  requestCount(deviceId: number): number;
  close(): void;
}

/**
 * Size of the answers GETs are planned for: the network's `snmp.maxMessageBytes` (carried in each
 * plan's target; default 1400, below a 1500-byte MTU). NETMON_FAST_MAX_MESSAGE_BYTES overrides every
 * target, for experiments (bench/collector measures 16 kB answers with it).
 */
function maxResponseBytesOverride(): number | undefined {
  const v = Number(process.env.NETMON_FAST_MAX_MESSAGE_BYTES);
  return Number.isInteger(v) && v >= 484 && v <= 65507 ? v : undefined;
}

export function createFastPoller(opts: { nowMs?: () => number; maxInFlight?: number; maxResponseBytes?: number } = {}): FastPoller {
  const nowMs = opts.nowMs ?? Date.now;
  const override = opts.maxResponseBytes ?? maxResponseBytesOverride();
  const sizeFor = (p: PollPlan): number => override ?? p.target.maxMessageBytes ?? MAX_RESPONSE_BYTES;
  const client = new UdpClient({ maxInFlight: opts.maxInFlight ?? MAX_IN_FLIGHT, tickMs: TICK_MS, recvBufferBytes: RECV_BUFFER_BYTES, nowMs });
  const devices = new Map<number, FastDevice>();
  let ringCache: { sab: SharedArrayBuffer; ring: RingBuffer } | null = null;
  let stateCache: { sab: SharedArrayBuffer; view: StateView } | null = null;
  return {
    client,
    poll(plan, ringSab, stateSab) {
      if (ringCache?.sab !== ringSab) ringCache = { sab: ringSab, ring: RingBuffer.attach(ringSab) };
      if (stateCache?.sab !== stateSab) stateCache = { sab: stateSab, view: new StateView(SlotState.attach(stateSab)) };
      const handle = isPlanHandle(plan);
      const fp = handle ? plan.fingerprint : planFingerprint(plan);
      let dev = devices.get(plan.deviceId);
      if (!dev || dev.fingerprint !== fp) {
        const full = handle ? readPlanHandle(plan) : plan;
        dev = new FastDevice(full, fp, nowMs, sizeFor(full));
        devices.set(plan.deviceId, dev);
      } else if (dev.busy) {
        // never expected (one poll per device at a time); a throwaway compile keeps it correct anyway
        dev = new FastDevice(dev.plan, fp, nowMs, sizeFor(dev.plan));
      }
      return dev.poll(stateCache.view, ringCache.ring, client);
    },
    requestCount: (deviceId) => devices.get(deviceId)?.requestCount ?? 0,
    close: () => client.close(),
  };
}

let shared: FastPoller | null = null;

/** The thread's poller (made on first use). */
export function pollFast(plan: PollPlan | PlanHandle, ringSab: SharedArrayBuffer, stateSab: SharedArrayBuffer): Promise<PollResult> {
  shared ??= createFastPoller();
  return shared.poll(plan, ringSab, stateSab);
}
