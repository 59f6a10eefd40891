import t from 'tap';
import type { Device, Generation } from '../../core/types.js';
import { device, fixture, iface, NOW_MS, servicesOf, variable } from '../fakes/fake-service.js';

/**
 * The hardware-component popup's choice of variables (services/devices/device-panel.ts componentPopup) over
 * the in-memory collector: component-scope variables of the component (or of every component when
 * idx < 0) that have points in the window; an index that is neither a component nor a sensor of the
 * device is NOT_FOUND.
 *
 * Device 12: components 1 (chassis) and 5 (power supply), a vendor sensor with index 20 (no
 * component of its own). sensorValue.12.5 and sensorValue.12.20 have points in the last hour,
 * sensorValue.12.1 only two hours ago; ifInRate.12.5 (interface scope, same index) has points too.
 * hrStorageUsed, an operator-defined `table` variable (scope component), has rows 5 and 31 (31 is
 * neither a component nor a sensor: a table row of its own), both with points.
 */
const HOUR = 3_600_000;
const fake = fixture();
const base = device(12, 'sw12', [iface(5, 'eth5')]);
const d12: Device = {
  ...base,
  components: [1, 5].map((index) => ({ index, descr: `c${index}`, name: `c${index}`, class: index === 1 ? 3 : 6, containedIn: 0, serial: '', model: '', softwareRev: '', mfgName: '' })),
  sensors: [{ index: 20, kind: 'temperature', name: 'inlet', unit: 'C', oid: '1.3.6.1.4.1.9.9.13.1.3.1.3.20', scale: 1 }],
};
const gens = fake.gens.get(1)!;
const g2 = gens.find((g) => g.number === 2)!;
gens.splice(gens.indexOf(g2), 1, { ...g2, devices: [...g2.devices, d12] } as Generation);
fake.defs.push(
  { name: 'sensorValue', description: 'Sensor reading', unit: '', category: 'Environment', type: 'gauge', scope: 'component' },
  { name: 'ifInRate', description: 'Inbound traffic rate', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' },
  { name: 'hrStorageUsed', description: 'Storage used', unit: 'B', category: 'Custom', type: 'gauge', scope: 'component' },
);
fake.vars.set(1, [
  ...fake.vars.get(1)!,
  variable(10, 'sensorValue', 12, 5, 'V'),
  variable(11, 'sensorValue', 12, 20, 'C'),
  variable(12, 'sensorValue', 12, 1, 'C'),
  variable(13, 'ifInRate', 12, 5, 'bit/s'),
  variable(14, 'hrStorageUsed', 12, 5, 'B'),
  variable(15, 'hrStorageUsed', 12, 31, 'B'),
]);
fake.series.set(10, [NOW_MS - 60_000, NOW_MS], [12.1, 12.2]);
fake.series.set(11, [NOW_MS - 60_000], [31]);
fake.series.set(12, [NOW_MS - 2 * HOUR], [30]);
fake.series.set(13, [NOW_MS], [1e6]);
fake.series.set(14, [NOW_MS], [4096]);
fake.series.set(15, [NOW_MS], [8192]);
const panel = servicesOf(fake).devicePanel;
const w = panel.popupWindow();

const cases: [idx: number, varIds: string[] | 'NOT_FOUND'][] = [
  [5, ['hrStorageUsed.12.5', 'sensorValue.12.5']],
  [20, ['sensorValue.12.20']],
  [31, ['hrStorageUsed.12.31']],
  [1, []],
  [-1, ['hrStorageUsed.12.5', 'sensorValue.12.5', 'sensorValue.12.20', 'hrStorageUsed.12.31']],
  [-7, ['hrStorageUsed.12.5', 'sensorValue.12.5', 'sensorValue.12.20', 'hrStorageUsed.12.31']],
  [99, 'NOT_FOUND'],
  [0, 'NOT_FOUND'],
];
t.equal(w.toMs - w.fromMs, HOUR, 'the popup window is the last hour');
for (const [idx, want] of cases) {
  t.test(`hwcomp ${idx}`, async (t) => {
    if (want === 'NOT_FOUND') {
      t.throws(() => panel.componentPopup(1, 12, idx, w), { code: 'NOT_FOUND' });
      return;
    }
    t.same(panel.componentPopup(1, 12, idx, w).map((c) => c.varId), want);
  });
}
t.test('unknown device', async (t) => {
  t.throws(() => panel.componentPopup(1, 99, 1, w), { code: 'UNKNOWN_DEVICE' });
  t.throws(() => panel.componentPopup(7, 12, 1, w), { code: 'UNKNOWN_NETWORK' });
});
