import { AppError } from '../../core/errors.js';
import { VARIABLE_NAME } from '../../core/names.js';
import { DEFAULT_VIEWPORT, type LayoutKind, type PreviewOptions, type Viewport } from '../../services/maps/index.js';
import { excerpt } from './errors.js';
import type { RoutedRequest } from './http-types.js';
import { parseNonNegativeInteger, pathParam, queryFlag, queryInteger } from './params.js';

/**
 * The query parameters of the map calls (v2 and legacy; docs/api.md "Maps"). Every failure is a
 * BAD_PARAMETER naming the parameter.
 */

/** Largest viewport side, margin and viewBox coordinate (map units). */
const MAX_VIEWPORT = 1_000_000;
/** The legacy `zoom` range. */
const MIN_ZOOM = 0.01;
const MAX_ZOOM = 100;

/** The view id of path parameter `name`. */
export const viewParam = (req: RoutedRequest, name: string): number => parseNonNegativeInteger(name, pathParam(req, name));

/** A variable name of a path parameter: a word of at most 100 characters (else BAD_PARAMETER). */
export function variableParam(req: RoutedRequest, name: string): string {
  const v = pathParam(req, name);
  if (!VARIABLE_NAME.test(v)) throw new AppError('BAD_PARAMETER', `parameter '${name}' must be a variable name, got '${excerpt(v)}'`);
  return v;
}

/** `layout` of the v2 map call: absent → null (no layout), else auto, reset or fit. */
export function layoutParam(req: RoutedRequest): LayoutKind | null {
  const v = req.query.get('layout');
  if (v === null) return null;
  if (v === 'auto' || v === 'reset' || v === 'fit') return v;
  throw new AppError('BAD_PARAMETER', `parameter 'layout' must be auto, reset or fit, got '${excerpt(v)}'`);
}

function intIn(req: RoutedRequest, name: string, min: number, max: number, dflt: number): number {
  const v = queryInteger(req, name);
  if (v === undefined) return dflt;
  if (v < min || v > max) throw new AppError('BAD_PARAMETER', `parameter '${name}' must be an integer from ${min} to ${max}, got ${v}`);
  return v;
}

/** The v2 fit viewport: `width`, `height` (1 … MAX_VIEWPORT, default 1000), `margin` (default 20, less than half of each side). */
export function viewportParam(req: RoutedRequest): Viewport {
  const d = DEFAULT_VIEWPORT;
  const width = intIn(req, 'width', 1, MAX_VIEWPORT, d.width);
  const height = intIn(req, 'height', 1, MAX_VIEWPORT, d.height);
  const margin = intIn(req, 'margin', 0, MAX_VIEWPORT, Math.min(d.margin, Math.floor((Math.min(width, height) - 1) / 2)));
  if (2 * margin >= Math.min(width, height)) throw new AppError('BAD_PARAMETER', `parameter 'margin' must be less than half of width and height, got ${margin}`);
  return { x: 0, y: 0, width, height, margin };
}

const DECIMAL = /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/;

function decimal(name: string, text: string): number {
  if (!DECIMAL.test(text.trim())) throw new AppError('BAD_PARAMETER', `parameter '${name}' must be a decimal number, got '${excerpt(text)}'`);
  return Number(text.trim());
}

/**
 * The legacy fit viewport: `viewBox=x,y,w,h` (default 0,0,1000,1000; |x|, |y|, w, h at most
 * MAX_VIEWPORT, w and h positive) and `zoom` (MIN_ZOOM … MAX_ZOOM, default 1): the viewBox scaled
 * by `zoom` about its centre, no margin (zoom 2 spreads the devices twice as far).
 */
export function legacyViewportParam(req: RoutedRequest): Viewport {
  const vb = req.query.get('viewBox');
  let [x, y, w, h] = [0, 0, 1000, 1000];
  if (vb !== null) {
    const parts = vb.split(',');
    if (parts.length !== 4) throw new AppError('BAD_PARAMETER', `parameter 'viewBox' must be x,y,width,height, got '${excerpt(vb)}'`);
    [x, y, w, h] = parts.map((p) => decimal('viewBox', p)) as [number, number, number, number];
    if (Math.abs(x) > MAX_VIEWPORT || Math.abs(y) > MAX_VIEWPORT || !(w > 0 && w <= MAX_VIEWPORT) || !(h > 0 && h <= MAX_VIEWPORT)) {
      throw new AppError('BAD_PARAMETER', `parameter 'viewBox' must have |x|, |y| ≤ ${MAX_VIEWPORT} and 0 < width, height ≤ ${MAX_VIEWPORT}, got '${excerpt(vb)}'`);
    }
  }
  const zv = req.query.get('zoom');
  const zoom = zv === null || zv === '' ? 1 : decimal('zoom', zv);
  if (zoom < MIN_ZOOM || zoom > MAX_ZOOM) throw new AppError('BAD_PARAMETER', `parameter 'zoom' must be from ${MIN_ZOOM} to ${MAX_ZOOM}, got ${zoom}`);
  const cx = x + w / 2, cy = y + h / 2;
  return { x: cx - (w * zoom) / 2, y: cy - (h * zoom) / 2, width: w * zoom, height: h * zoom, margin: 0 };
}

/** A flag that may be absent (undefined), else as `queryFlag` reads it. */
const optFlag = (req: RoutedRequest, name: string): boolean | undefined => (req.query.has(name) ? queryFlag(req, name) : undefined);

/** The preview's `devRule`, `linkRule`, `hide`, `connecting`, `adjacent` (absent: the view's; `hide` false). */
export function previewParams(req: RoutedRequest): PreviewOptions {
  const devRule = req.query.get('devRule');
  const linkRule = req.query.get('linkRule');
  const hide = optFlag(req, 'hide');
  const adjacent = optFlag(req, 'adjacent');
  const connecting = optFlag(req, 'connecting');
  return {
    ...(devRule === null ? {} : { devRule }),
    ...(linkRule === null ? {} : { linkRule }),
    ...(hide === undefined ? {} : { hide }),
    ...(adjacent === undefined ? {} : { adjacent }),
    ...(connecting === undefined ? {} : { connecting }),
  };
}

/** The optional `timestamp` of the values call: a positive time in ms, or undefined (latest values); 0 means latest. */
export function valuesTimestamp(req: RoutedRequest): number | undefined {
  const t = queryInteger(req, 'timestamp');
  if (t === undefined || t === 0) return undefined;
  if (t < 0) throw new AppError('BAD_PARAMETER', `parameter 'timestamp' must not be negative, got ${t}`);
  return t;
}
