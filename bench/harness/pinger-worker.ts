/**
 * A pinger in a worker thread of its own (its timings are not held up by the bench's main thread
 * handling hundreds of answers): `GET url` one after another, `gapMs` apart, each with a deadline,
 * until told to stop; then it posts the latencies (ms) of the 200 answers and the number of
 * failures (other statuses, errors, deadlines).
 *
 *   const p = startPinger(url, headers, timeoutMs); …; const { ms, failures } = await p.stop();
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { withDeadline } from '../../core/deadline.js';

export interface PingResult { readonly ms: number[]; readonly failures: number }

interface PingerData { readonly url: string; readonly headers: Record<string, string>; readonly timeoutMs: number; readonly gapMs: number }

/** Starts the pinger thread; `stop()` ends it and answers what it measured. */
export function startPinger(url: string, headers: Record<string, string>, timeoutMs: number, gapMs = 10): { stop(): Promise<PingResult> } {
  const data: PingerData = { url, headers, timeoutMs, gapMs };
  const w = new Worker(new URL(import.meta.url), { workerData: data });
  const done = new Promise<PingResult>((resolve, reject) => { w.once('message', resolve); w.once('error', reject); });
  return { stop: async () => { w.postMessage('stop'); const r = await done; await w.terminate(); return r; } };
}

async function pingLoop(d: PingerData): Promise<PingResult> {
  let on = true;
  parentPort!.on('message', () => { on = false; });
  const ms: number[] = [];
  let failures = 0;
  while (on) {
    const t0 = performance.now();
    try {
      const r = await withDeadline(d.timeoutMs, (signal) => fetch(d.url, { headers: d.headers, signal }));
      await r.arrayBuffer();
      if (r.status === 200) ms.push(performance.now() - t0); else failures++;
    } catch { failures++; }
    await new Promise((r) => setTimeout(r, d.gapMs));
  }
  return { ms, failures };
}

if (!isMainThread && parentPort && (workerData as Partial<PingerData> | null)?.url) {
  void pingLoop(workerData as PingerData).then((r) => parentPort!.postMessage(r));
}
