// The public face of the maps wing (services/maps/). Maps of views: selection, graph, layouts,
// coordinates and values. Folders outside the wing import only what this file exports.
export type { Viewport } from './map-layout.js';
export { DEFAULT_VIEWPORT, MapService, type LayoutKind, type PreviewOptions } from './maps.js';
