import type { Logger } from '../core/logger.js';
import type { CycleDone, GridStepWritten, PipelineEvents } from '../core/ports/events.js';

/**
 * The collector's pipeline events (core/ports/events.ts): listeners are called in the order they
 * were added, synchronously; one that throws is logged with the event's network and skipped.
 */
export class EventHub implements PipelineEvents {
  private readonly cycleDone = new Set<(e: CycleDone) => void>();
  private readonly gridStep = new Set<(e: GridStepWritten) => void>();

  constructor(private readonly logger: Logger) {}

  onCycleDone(listener: (e: CycleDone) => void): () => void {
    const own = (e: CycleDone) => listener(e); // a listener added twice is called twice
    this.cycleDone.add(own);
    return () => { this.cycleDone.delete(own); };
  }

  onGridStepWritten(listener: (e: GridStepWritten) => void): () => void {
    const own = (e: GridStepWritten) => listener(e);
    this.gridStep.add(own);
    return () => { this.gridStep.delete(own); };
  }

  emitCycleDone(e: CycleDone): void { this.emit(this.cycleDone, e, 'cycle done'); }
  emitGridStepWritten(e: GridStepWritten): void { this.emit(this.gridStep, e, 'grid step written'); }

  private emit<E extends { networkId: number }>(listeners: Set<(e: E) => void>, e: E, what: string): void {
    for (const l of listeners) {
      try {
        l(e);
      } catch (err) {
        this.logger.error('pipeline listener failed', { event: what, network: e.networkId, error: (err as Error).stack ?? String(err) });
      }
    }
  }
}
