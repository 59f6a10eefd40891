// The public face of the integrations wing (services/integrations/). Integrations with outside
// systems: the traffic-analytics proxy. Folders outside the wing import only what this file exports.
export { TrafficAnalyticsProxy } from './traffic-proxy.js';
