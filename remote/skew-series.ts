/**
 * A central's record of each collector's clock (`mode: central`): the variable
 * `collectorClockSkew` of each network a collector sends (a network-level variable, component
 * index = the collector's number here, kept in the metadata store), in seconds, at the grid time of
 * each batch — its clock when it sent the batch minus the NATS server's when it stored it
 * (positive: ahead). The built-in rule `collectorClockSkew` (core/config-alerts.ts) alerts past
 * ±10 s; the ingest never writes points more than 60 s ahead of the central's clock.
 */
import type { Logger } from '../core/logger.js';
import type { VariableCatalog } from '../core/ports/catalog.js';
import type { MetaStore } from '../store/meta/meta.js';
import type { SeriesStore } from '../store/series/series.js';

export const SKEW_VARIABLE = 'collectorClockSkew';
const NS_COLLECTORS = 'remoteCollectors';
const SKEW_DEF = {
  name: SKEW_VARIABLE, description: 'A collector\'s clock minus the NATS server\'s when it stored the collector\'s batch (component: the collector\'s number)',
  unit: 's', category: 'Collectors', type: 'gauge', scope: 'device',
} as const;

export class SkewSeries {
  /** `${networkId}\0${collector}` → its slot (a promise while it is allocated). */
  private readonly slots = new Map<string, Promise<number | null>>();
  /** `${networkId}\0${collector}` → the grid time last written (one point a grid step). */
  private readonly lastGrid = new Map<string, number>();

  constructor(private readonly deps: {
    catalog: Pick<VariableCatalog, 'define' | 'allocate'>; series: Pick<SeriesStore, 'appendStep'>; meta: MetaStore; logger: Logger;
  }) {
    try { deps.catalog.define({ ...SKEW_DEF }); } catch (e) { deps.logger.error('central: cannot define the clock skew variable', { error: (e as Error).message }); }
  }

  /** The collector's number here (stable: kept in the metadata store), given at its first batch. */
  async numberOf(collector: string): Promise<number> {
    const known = this.deps.meta.get<number>(NS_COLLECTORS, collector);
    if (known !== undefined) return known;
    return this.deps.meta.transaction((tx) => {
      const again = tx.get<number>(NS_COLLECTORS, collector);
      if (again !== undefined) return again;
      const n = (tx.get<number>('counters', 'remoteCollector') ?? 0) + 1;
      tx.put('counters', 'remoteCollector', n);
      tx.put(NS_COLLECTORS, collector, n);
      return n;
    });
  }

  /** Every collector with its number. */
  numbers(): Map<string, number> {
    const out = new Map<string, number>();
    for (const { key, value } of this.deps.meta.range<number>(NS_COLLECTORS)) out.set(key as string, value);
    return out;
  }

  /** Writes the collector's skew at a grid time of the network (once a grid step). */
  note(networkId: number, collector: string, gridTsMs: number, skewMs: number): void {
    const key = `${networkId}\0${collector}`;
    if ((this.lastGrid.get(key) ?? -Infinity) >= gridTsMs) return;
    this.lastGrid.set(key, gridTsMs);
    let slot = this.slots.get(key);
    if (!slot) {
      slot = this.numberOf(collector)
        .then((index) => this.deps.catalog.allocate({ netId: networkId, name: SKEW_VARIABLE, deviceId: 0, index }))
        .then((v) => v.slot, (e: unknown) => {
          this.deps.logger.warn('central: no slot for a collector\'s clock skew', { collector, network: networkId, error: (e as Error).message });
          this.slots.delete(key);
          return null;
        });
      this.slots.set(key, slot);
    }
    void slot.then((s) => {
      if (s !== null) this.deps.series.appendStep(gridTsMs, Int32Array.of(s), Float64Array.of(skewMs / 1000));
    });
  }
}
