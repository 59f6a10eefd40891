// The public face of the catalog wing (services/catalog/). The variable catalog calls (names,
// instances, last values and their colour level) and the display scaling of graph values. Folders
// outside the wing import only what this file exports.
export { CatalogService } from './catalog.js';
export { unitScale } from './unit-scale.js';
