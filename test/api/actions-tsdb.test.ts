/**
 * tsdb/reconnect over the real operations service and a series store (our SeriesStore interface)
 * whose writes fail until the disk takes them again: the action writes the held points at once
 * when it can (`done`, the number written), and answers STORE_WRITE_FAILED (503, the reason) while
 * it cannot, the points staying held.
 */
import t from 'tap';
import { AppError, isAppError } from '../../core/errors.js';
import { silentLogger } from '../../core/logger.js';
import type { StoreStatus } from '../../core/ports/networks.js';
import { createServices } from '../../services/index.js';
import { fixture, MemorySeries, NOW_MS } from '../fakes/fake-service.js';

class FailingSeries extends MemorySeries {
  diskFull = true;
  held = 0;
  override async flush(): Promise<void> {
    if (this.diskFull) throw new AppError('STORE_WRITE_FAILED', 'no space left on the file system of ./data');
    this.held = 0;
  }
  status(): StoreStatus {
    return {
      writable: !this.diskFull, reason: this.diskFull ? 'no space left' : '', failingSinceMs: this.diskFull ? NOW_MS : null,
      failedWrites: 0, unwrittenPoints: this.held, maxUnwrittenPoints: 1000, droppedPoints: 0, freeBytes: null,
    };
  }
}

t.test('tsdb/reconnect: refused while the disk is full, writes the held points once it is not', async (t) => {
  const fake = fixture();
  const series = new FailingSeries();
  const s = createServices({ collector: fake, series, meta: fake.meta, config: () => fake.config, clock: { nowMs: () => NOW_MS }, logger: silentLogger });
  const netId = fake.list()[0]!.id;
  const cases: { diskFull: boolean; held: number; want: { status: number; written?: number; after?: number; error?: RegExp } }[] = [
    { diskFull: true, held: 120, want: { status: 503, error: /no space left/ } },
    { diskFull: false, held: 120, want: { status: 200, written: 120, after: 0 } },
    { diskFull: false, held: 0, want: { status: 200, written: 0, after: 0 } },
  ];
  for (const c of cases) {
    series.diskFull = c.diskFull; series.held = c.held;
    try {
      const r = await s.operations.tsdbReconnect(netId);
      t.equal(200, c.want.status, `disk full ${c.diskFull}: answered`);
      t.equal(r.status, 'done');
      t.equal(r.details.written, c.want.written, 'points written');
      t.equal((r.details.store as StoreStatus).unwrittenPoints, c.want.after, 'none held after');
    } catch (e) {
      t.ok(isAppError(e), 'an AppError');
      t.equal((e as AppError).status, c.want.status, `disk full ${c.diskFull}: refused`);
      t.match((e as Error).message, c.want.error!);
      t.equal(series.held, c.held, 'the points stay held');
    }
  }
});
