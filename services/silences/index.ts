// The public face of the silences wing (services/silences/). Alert silences (SilenceService; the
// alert evaluator's SilenceLookup) and the matching of a silence to an alert. Folders outside the
// wing import only what this file exports.
export { inputVariableName } from './silence-match.js';
export { SilenceService } from './silences.js';
