// The public face of the series wing (services/series/). Series and graph data of variables
// (SeriesService): windows, reduction, legends, variable ids. Folders outside the wing import only
// what this file exports.
export type { SeriesLegend } from './series-legend.js';
export {
  NARROW_SERIES, SeriesService, type ChosenVariable, type ChosenVariables, type DataInfo, type DataSource, type SeriesWindow,
} from './series.js';
