// The public face of the derived wing (services/derived/). The derived variables of
// `variables.derived`: the data processor and its compiled plans. Folders outside the wing import
// only what this file exports.
export { DerivedVariables } from './derived-variables.js';
