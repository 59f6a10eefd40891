import { AppError } from '../../core/errors.js';

/**
 * The write rules every MetaStore backend keeps: no write after close, and no write to the store
 * itself while a transaction function runs (it writes through its tx).
 */
export class WriteGuard {
  private closed = false;
  private inTxn = false;

  close(): void { this.closed = true; }

  /** Throws AppError INTERNAL when a write is not allowed now. */
  check(): void {
    if (this.closed) throw new AppError('INTERNAL', 'meta store: write after close');
    if (this.inTxn) throw new AppError('INTERNAL', 'meta store: a transaction function wrote to the store itself, not through its tx');
  }

  /** Runs a transaction function with direct writes refused. */
  running<R>(run: () => R): R {
    this.inTxn = true;
    try { return run(); } finally { this.inTxn = false; }
  }
}
