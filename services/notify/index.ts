// The public face of the notify wing (services/notify/). Alert notifications (Notifier): a queue per
// stream with retries over one delivery file per kind (log, webhook, e-mail), and their health.
// Folders outside the wing import only what this file exports.
export { Notifier } from './notifier.js';
export { notificationsHealth } from './notify-health.js';
