import { AppError } from '../../core/errors.js';
import type { MetaStore, MetaTxn } from '../../store/meta/meta.js';
import type { Point } from './map-layout.js';
import { NS_MAP_COORDINATES } from '../views/index.js';

/**
 * The stored device coordinates of map views (namespace NS_MAP_COORDINATES, key [viewId, deviceId],
 * value `{x, y}`). Every change of a view's coordinates is one metadata transaction.
 */

/** Largest absolute coordinate stored: far beyond any screen, small enough for any client's arithmetic. */
const MAX_COORDINATE = 1e7;
/** Most entries of one PUT coordinates body (and most devices of a map). */
const MAX_COORDINATES_PER_CALL = 10_000;

/** One entry of a PUT coordinates body. */
interface DevicePosition { readonly id: number; readonly x: number; readonly y: number }

/**
 * Checks a PUT coordinates body: a JSON array (at most MAX_COORDINATES_PER_CALL entries) of
 * objects `{id, x, y}`, `id` a non-negative integer, `x` and `y` finite numbers within
 * ±MAX_COORDINATE. A device named twice keeps its last entry. BAD_REQUEST naming the first bad entry.
 */
export function parsePositions(body: unknown): DevicePosition[] {
  if (!Array.isArray(body)) throw new AppError('BAD_REQUEST', 'the body must be a JSON array of {id, x, y}');
  if (body.length > MAX_COORDINATES_PER_CALL) {
    throw new AppError('REQUEST_LIMIT', `at most ${MAX_COORDINATES_PER_CALL} coordinates per call, got ${body.length}`);
  }
  const byId = new Map<number, DevicePosition>();
  body.forEach((e: unknown, i) => {
    const o = e as Record<string, unknown> | null;
    if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new AppError('BAD_REQUEST', `entry ${i} must be an object {id, x, y}`);
    const { id, x, y } = o;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw new AppError('BAD_REQUEST', `entry ${i}: 'id' must be a device id (a non-negative integer)`);
    for (const [name, v] of [['x', x], ['y', y]] as const) {
      if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > MAX_COORDINATE) {
        throw new AppError('BAD_REQUEST', `entry ${i}: '${name}' must be a finite number within ±${MAX_COORDINATE}`);
      }
    }
    byId.set(id, { id, x: x as number, y: y as number });
  });
  return [...byId.values()];
}

/**
 * Runs a change of coordinates in one metadata transaction and resolves once it committed (the
 * maps pass the view's `markLayout`, which checks the view and marks its layout in the same one).
 */
export type CoordinateChange = (change: (tx: MetaTxn) => void) => Promise<unknown>;

/** Views whose coordinates are kept in memory (most recently read); the others are read from the store. */
const MAX_CACHED_VIEW_COORDINATES = 64;

/**
 * A view's coordinates are read from the store once and then kept in memory, changed by this
 * class's own writes once they committed: coordinates are written through this class only (one API
 * process per store; a view's removal takes its coordinates with it and view ids are not reused).
 */
export class MapCoordinates {
  private readonly cached = new Map<number, Map<number, Point>>();

  constructor(private readonly meta: MetaStore) {}

  /** Views whose coordinates are held in memory. */
  cachedViews(): number { return this.cached.size; }

  /** Drops the coordinates held in memory: the next read of each view loads them from the store. */
  forget(): void { this.cached.clear(); }

  /** The stored coordinates of a view, by device id (callers must not change the map). */
  read(viewId: number): ReadonlyMap<number, Point> {
    let points = this.cached.get(viewId);
    if (points) {
      this.cached.delete(viewId);
    } else {
      points = this.load(viewId);
    }
    this.cached.set(viewId, points);
    if (this.cached.size > MAX_CACHED_VIEW_COORDINATES) this.cached.delete(this.cached.keys().next().value!);
    return points;
  }

  private load(viewId: number): Map<number, Point> {
    const out = new Map<number, Point>();
    for (const { key, value } of this.meta.range<Point>(NS_MAP_COORDINATES, { start: [viewId], end: [viewId + 1] })) {
      const deviceId = (key as readonly number[])[1];
      if (typeof deviceId === 'number' && isPoint(value)) out.set(deviceId, { x: value.x, y: value.y });
    }
    return out;
  }

  /**
   * Stores `points` (device id → position) for the view in one transaction (`run`'s: by default a
   * transaction of its own); the view's other coordinates are kept.
   */
  async write(viewId: number, points: ReadonlyMap<number, Point>, run: CoordinateChange = this.ownTransaction): Promise<void> {
    await run((tx) => {
      for (const [id, p] of points) tx.put(NS_MAP_COORDINATES, [viewId, id], { x: p.x, y: p.y });
    });
    const kept = this.cached.get(viewId);
    if (kept) for (const [id, p] of points) kept.set(id, { x: p.x, y: p.y });
  }

  /**
   * Stores those of `points` whose device has no stored coordinate when the transaction runs (a
   * position stored meanwhile, by a drag, wins), in one transaction (`run`'s); resolves with how
   * many it stored.
   */
  async writeMissing(viewId: number, points: ReadonlyMap<number, Point>, run: CoordinateChange = this.ownTransaction): Promise<number> {
    const stored: [number, Point][] = [];
    await run((tx) => {
      stored.length = 0; // `run` calls the change once; this keeps a second call honest all the same
      for (const [id, p] of points) {
        if (tx.get(NS_MAP_COORDINATES, [viewId, id]) !== undefined) continue;
        tx.put(NS_MAP_COORDINATES, [viewId, id], { x: p.x, y: p.y });
        stored.push([id, p]);
      }
    });
    const kept = this.cached.get(viewId);
    if (kept) for (const [id, p] of stored) kept.set(id, { x: p.x, y: p.y });
    return stored.length;
  }

  /** Replaces every stored coordinate of the view with `points`, in one transaction (`run`'s). */
  async replace(viewId: number, points: ReadonlyMap<number, Point>, run: CoordinateChange = this.ownTransaction): Promise<void> {
    await run((tx) => {
      this.removeAll(tx, viewId);
      for (const [id, p] of points) tx.put(NS_MAP_COORDINATES, [viewId, id], { x: p.x, y: p.y });
    });
    this.cached.delete(viewId);
  }

  /** Removes the view's stored coordinates in `tx` (the keys read when it runs: earlier commits are removed too). */
  private removeAll(tx: MetaTxn, viewId: number): void {
    const keys = [...this.meta.range(NS_MAP_COORDINATES, { start: [viewId], end: [viewId + 1] })].map((e) => e.key);
    for (const key of keys) tx.remove(NS_MAP_COORDINATES, key);
  }

  private readonly ownTransaction: CoordinateChange = (change) => this.meta.transaction(change);
}

const isPoint = (v: unknown): v is Point =>
  typeof v === 'object' && v !== null && Number.isFinite((v as Point).x) && Number.isFinite((v as Point).y);
