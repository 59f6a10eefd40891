// The public face of the views wing (services/views/). Views (ViewService): the records, their store
// and the sync with the config; also the MapViewSource the maps read. Folders outside the wing
// import only what this file exports.
export { NS_MAP_COORDINATES, type MapViewRules, type MapViewSource } from './map-view-source.js';
export { checkViewRule, VIEW_TYPES, type ViewTile, type ViewType } from './view-record.js';
export type { RuleWarning } from './view-rule-warnings.js';
export { viewOwner, ViewService, type TilesOrder } from './views.js';
