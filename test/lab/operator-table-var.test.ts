/**
 * Acceptance of issue 13 (operator-defined variables) in the lab: an operator TABLE variable polled
 * from a real snmpd (Debian's Net-SNMP in a network namespace) and graphed end to end.
 *
 * The config defines `labStorSize`: HOST-RESOURCES hrStorageSize (a column of hrStorageTable, one
 * row per storage area), index `table`, named by hrStorageDescr. After the first discovery the
 * catalog lists one instance per row of node 1's table, named as snmpwalk of hrStorageDescr names
 * them; the v2 graph call of each row answers the value snmpget reads of the same cell (rows whose
 * size did not change between two snmpwalks around the graph read; the RAM row always qualifies,
 * so at least one row is compared). A 2 s poll interval keeps it to a few cycles.
 *
 * With it a derived variable, `labTraffic` (scope device: `sum(ifInRate) + sum(ifOutRate)`), is
 * computed by the server at every grid step from the real snmpd's interface counters and graphed:
 * at each grid time where it has a value it equals the sum of the graphed ifInRate and ifOutRate of
 * every interface of the node at that time.
 */
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { checkDerivedExpression } from '../../svcql/derived-expr.js';
import { getJson, tempDir, waitFor } from '../fakes/helpers.js';
import { LAB_MGMT_CIDR, labDown, labGate, labNodes, labUp, labWait } from './lab.js';
import { indexOf, snmpWalk } from './snmp-cli.js';

const N = 2;
const POLL_S = 2;
const HR_STORAGE_DESCR = '1.3.6.1.2.1.25.2.3.1.3';
const HR_STORAGE_SIZE = '1.3.6.1.2.1.25.2.3.1.5';

/** Row index → value text of a walked column (single-arc indexes, as the variable keeps them). */
async function column(address: string, col: string): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const r of await snmpWalk(address, col)) {
    const idx = indexOf(r, col);
    if (idx.length === 1) out.set(idx[0]!, r.text);
  }
  return out;
}

if (labGate(t)) {
  t.test('an operator table variable from a real snmpd, graphed end to end (issue 13)', { timeout: 300_000 }, async (t) => {
    const logTail: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => { logTail.push(line); if (logTail.length > 300) logTail.shift(); } });
    let app: App | undefined;
    t.teardown(async () => {
      if (!t.passing()) t.comment(`server log (last lines):\n${logTail.slice(-40).join('\n')}`);
      await app?.stop();
      await labDown(N);
    });
    await labUp(N);
    await labWait(N, 60);
    const [n1] = labNodes(N);

    const config = loadConfig({
      path: 'operator-table-var.yaml',
      env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'nmlab-opvar-') },
      checkViewRule,
      checkDerivedExpression,
      text: `
networks:
  - id: 1
    name: lab
    seeds: [${n1!.mgmtAddress}]
    ranges: [${LAB_MGMT_CIDR}]
    snmp: { communities: [public], timeout: 1s, retries: 1 }
    pollInterval: ${POLL_S}s
    discoveryInterval: 1h
variables:
  snmp:
    - name: labStorSize
      oid: ${HR_STORAGE_SIZE}
      index: table
      nameOid: ${HR_STORAGE_DESCR}
      type: gauge
      unit: units
      category: Storage
      description: Storage size
  derived:
    - name: labTraffic
      scope: device
      expression: sum(ifInRate) + sum(ifOutRate)
      unit: bit/s
`,
    });
    app = await startApp(config, logger);
    const base = `http://127.0.0.1:${app.port}`;

    const devices = await waitFor(async () => {
      const r = await getJson(base, '/v2/discovery/net/1/devices');
      return r.status === 200 && r.body.devices?.some((d: any) => d.address === n1!.mgmtAddress) ? r.body.devices : undefined;
    }, 90_000, 'the first discovery', 500);
    const dev = devices.find((d: any) => d.address === n1!.mgmtAddress);

    const names = await column(n1!.mgmtAddress, HR_STORAGE_DESCR);
    t.ok(names.size >= 1, `snmpd has hrStorage rows (${[...names.values()].join(', ')})`);
    const cat = await getJson(base, `/v2/ui/net/1/gw/catalog/variables/labStorSize/devices/${dev.id}`);
    t.match(cat.body[0], { name: 'labStorSize', category: 'Storage', description: 'Storage size', unit: 'units', instances: names.size }, 'one instance per row');
    t.same([...cat.body[0].components].sort(), [...new Set(names.values())].sort(), 'named by hrStorageDescr');

    const rows = [...names.keys()].slice(0, 10);
    const triplets = rows.map((r) => `labStorSize.${dev.id}.${r}`);
    const before = await column(n1!.mgmtAddress, HR_STORAGE_SIZE);
    const graph = await waitFor(async () => {
      const r = await getJson(base, `/v2/ui/net/1/graph/${triplets.join(',')}?intervalHr=1`);
      return r.status === 200 && r.body.info?.length === triplets.length && r.body.info.every((i: any) => i.timeseries.length >= 3) ? r.body : undefined;
    }, 10 * POLL_S * 1000 + 15_000, 'two graph points of every row', 1_000);
    const after = await column(n1!.mgmtAddress, HR_STORAGE_SIZE);
    t.equal(graph.errors, '');
    let compared = 0;
    rows.forEach((row, k) => {
      const info = graph.info[k];
      t.equal(info.legend, `Storage size ${names.get(row)}`, `row ${row}: legend names the row`);
      if (before.get(row) !== after.get(row)) return; // changed while graphed: not comparable
      const last = Number((info.timeseries as string[]).at(-1)!.split(',')[1]);
      t.equal(last, Number(after.get(row)), `row ${row} (${names.get(row)}): graphed ${last} = snmpget ${after.get(row)}`);
      compared++;
    });
    t.ok(compared >= 1, `${compared} stable rows compared with snmpget`);

    // The derived variable over the node's real interface counters, against its inputs' graphs.
    const ifIndexes: number[] = dev.interfaces.map((i: any) => i.index);
    t.ok(ifIndexes.length >= 1, `node 1 has ${ifIndexes.length} interfaces`);
    const derived = await waitFor(async () => {
      const r = await getJson(base, `/v2/ui/net/1/data/labTraffic.${dev.id}.0?intervalHr=1`);
      return r.status === 200 && r.body.info?.[0]?.timeseries.length >= 3 ? r.body.info[0] : undefined;
    }, 10 * POLL_S * 1000 + 15_000, 'two points of the derived variable', 1_000);
    const inputs = new Map<number, number>(); // grid time → sum of the inputs' values
    const ids = ifIndexes.flatMap((i) => [`ifInRate.${dev.id}.${i}`, `ifOutRate.${dev.id}.${i}`]);
    for (let k = 0; k < ids.length; k += 10) { // at most 10 ids per data call
      const r = await getJson(base, `/v2/ui/net/1/data/${ids.slice(k, k + 10).join(',')}?intervalHr=1`);
      t.equal(r.body.errors, '', 'the inputs read');
      for (const info of r.body.info) {
        for (const line of (info.timeseries as string[]).slice(1)) {
          const [ts, v] = line.split(',').map(Number) as [number, number];
          inputs.set(ts, (inputs.get(ts) ?? 0) + v);
        }
      }
    }
    let checked = 0;
    for (const line of (derived.timeseries as string[]).slice(1)) {
      const [ts, v] = line.split(',').map(Number) as [number, number];
      const want = inputs.get(ts);
      if (want === undefined) continue;
      t.ok(Math.abs(v - want) <= 1e-6 * Math.max(1, Math.abs(want)), `labTraffic at ${ts}: ${v} = Σ inputs ${want}`);
      checked++;
    }
    t.ok(checked >= 2, `${checked} grid times of the derived variable checked against its inputs`);
    const g = await getJson(base, `/v2/ui/net/1/graph/labTraffic.${dev.id}.0?intervalHr=1`);
    t.match(g.body.info?.[0], { varName: 'labTraffic', varId: `labTraffic.${dev.id}.0` }, 'graphed by the v2 graph call');
  });
}
