/**
 * The SvcQL console's examples. A module of its own, importing nothing, so that a test runs every
 * one of them against the built server (test/e2e/console-examples) from its built form.
 * `means` names what the answer of an example must mean, for the examples whose answer the test checks.
 */
export interface ConsoleExample {
  readonly title: string;
  readonly svcql: string;
  readonly means?: 'peak-per-device';
}

export const EXAMPLES: readonly ConsoleExample[] = [
  { title: 'Inbound rates', svcql: 'SELECT device, component, metric FROM ifInRate ORDER BY metric DESC LIMIT 10' },
  { title: 'Devices', svcql: 'SELECT id, name, address, Vendor, Model FROM devices LIMIT 20' },
  { title: 'Interfaces that are down', svcql: "SELECT device, interface, description, operStatus FROM interfaces WHERE operStatus != 'up' LIMIT 50" },
  // max over the device's interfaces of each interface's peak: tsmax alone is no aggregate, and
  // a group shows its first row's value for it (the first interface's peak).
  { title: 'Peak rate per device', svcql: 'SELECT device, max(tsmax(metric)) AS peak FROM ifInRate GROUP BY device ORDER BY peak DESC', means: 'peak-per-device' },
  { title: 'Variables and their latest values', svcql: 'SELECT variable, device, component, metric, unit FROM variables LIMIT 25' },
];
