/**
 * A collector's poll states of one network on the wire, published after its poll cycles (at most
 * every STATES_EVERY_MS unless the failing devices changed, collector-role.ts): the devices whose
 * polls fail, each by identity with its state, and the cycle's start. A device of the network that
 * is not listed answered its polls. `batchHeader(KIND_STATES)` then the JSON of a StatesMessage.
 * At most MAX_FAILING devices are listed (`more` counts the others), which keeps one message well
 * under NATS's 1 MiB.
 */
import { BatchFormatError, KIND_STATES, decodeJsonMessage, encodeJsonMessage } from './batch-codec.js';

/** A failing device's poll state, as DeviceHealth keeps it. */
export interface ReportedPollState {
  readonly identity: string;
  readonly consecutiveFailures: number;
  readonly failingSinceMs: number | null;
  readonly reason: string;
  readonly lastSuccessMs: number | null;
  readonly neverAnswered: boolean;
}

export interface StatesMessage {
  readonly collector: string;
  readonly boot: number;
  readonly seq: number;
  readonly networkId: number;
  readonly sentAtMs: number;
  /** The start of the collector's last poll cycle of the network: the devices not listed answered it. */
  readonly cycleStartMs: number;
  readonly failing: readonly ReportedPollState[];
  /** Failing devices left out past MAX_FAILING. */
  readonly more: number;
}

export const MAX_FAILING = 2_000;

export const statesMessageId = (m: Pick<StatesMessage, 'collector' | 'boot' | 'seq'>): string => `${m.collector}.${m.boot}.states.${m.seq}`;

export function encodeStates(m: Omit<StatesMessage, 'more'>): { id: string; data: Uint8Array } {
  const body: StatesMessage = { ...m, failing: m.failing.slice(0, MAX_FAILING), more: Math.max(0, m.failing.length - MAX_FAILING) };
  return { id: statesMessageId(m), data: encodeJsonMessage(KIND_STATES, body) };
}

export function decodeStates(data: Uint8Array): StatesMessage {
  const v = decodeJsonMessage(data, KIND_STATES, 'a poll states message');
  const m = v as Partial<StatesMessage>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  const orNull = (x: unknown) => x === null || num(x);
  const whole = typeof m.collector === 'string' && [m.boot, m.seq, m.networkId, m.sentAtMs, m.cycleStartMs, m.more].every(num)
    && Array.isArray(m.failing) && m.failing.length <= MAX_FAILING
    && m.failing.every((f) => typeof f?.identity === 'string' && num(f.consecutiveFailures) && orNull(f.failingSinceMs) && orNull(f.lastSuccessMs)
      && typeof f.reason === 'string' && typeof f.neverAnswered === 'boolean');
  if (!whole) throw new BatchFormatError('a poll states message without its collector, numbers or states');
  return m as StatesMessage;
}
