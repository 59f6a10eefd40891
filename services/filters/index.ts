// The public face of the filters wing (services/filters/). Saved filters and their owners. Folders
// outside the wing import only what this file exports.
export { DEFAULT_FILTER_OWNER } from './filter-owner.js';
export { FilterService } from './filters.js';
