import { AppError } from '../core/errors.js';
import type { MapViewRules, MapViewSource } from './map-view-source.js';

/**
 * PLACEHOLDER until the views service (services/views.ts) is connected in createServices: a map
 * view source that knows no view, so that every map call answers UNKNOWN_VIEW (404).
 */
export const NO_MAP_VIEWS: MapViewSource = Object.freeze({
  forMap(networkId: number, viewId: number): MapViewRules {
    throw new AppError('UNKNOWN_VIEW', `no view ${viewId} in network ${networkId}`);
  },
  async markLayout(): Promise<void> {},
});
