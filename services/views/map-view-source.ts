import type { Caller } from '../../core/caller.js';
import type { MetaTxn } from '../../store/meta/meta.js';

/**
 * The contract between map views (services/views/views.ts: the records, their visibility) and maps
 * (the map, preview, layout and coordinate calls): what a map needs of a view.
 */

/** What a map is built from: the view's rules and flags (docs/api.md "Map views"). */
export interface MapViewRules {
  readonly id: number;
  readonly networkId: number;
  /** SvcQL matching expression over the `devices` table; '' matches every device. */
  readonly devRule: string;
  /** SvcQL matching expression over the `interfaces` table; '' matches every interface. */
  readonly linkRule: string;
  readonly adjacent: boolean;
  readonly connecting: boolean;
}

export interface MapViewSource {
  /**
   * The rules of view `viewId` of network `networkId` as `caller` may see it; AppError UNKNOWN_VIEW
   * (404) when there is no such view in that network or the caller may not see it (a private view
   * of another user looks absent, never forbidden).
   */
  forMap(networkId: number, viewId: number, caller: Caller): MapViewRules;
  /**
   * As `forMap`, for a call that changes the view's layout (PUT coordinates, `layout=auto|fit|reset`):
   * also AppError FORBIDDEN (403) when the caller sees the view but may not change its layout. With
   * authentication off (anonymous) every view's; else an administrator any view's, anyone else only
   * the layout of an INTERACTIVE view it owns — a SYSTEM or SCRIPTED view's layout, which every user
   * sees, is the administrators'.
   */
  forLayout(networkId: number, viewId: number, caller: Caller): MapViewRules;
  /**
   * Changes the view's layout in one metadata transaction: checks that the view is still in the
   * network (else UNKNOWN_VIEW, nothing written), runs `change` (the write of its stored
   * coordinates), and sets the view's `layoutUpdatedAt` to `atMs`. So a layout change and a delete
   * of the view never interleave: no coordinates are left under a deleted view.
   */
  markLayout(networkId: number, viewId: number, atMs: number, change?: (tx: MetaTxn) => void): Promise<void>;
}

/**
 * The stored device coordinates of map views: key [viewId, deviceId], value `{ x, y }` (numbers).
 * Maps write it; deleting a view removes the view's range [viewId] … [viewId + 1] in the same
 * transaction as the view.
 */
export const NS_MAP_COORDINATES = 'mapCoordinates';
