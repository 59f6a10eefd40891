/**
 * Child of map-coordinates-persistence.test.ts: opens the embedded store in the directory given as
 * its argument, stores coordinates of view 1 through the map service (a PUT, then a fit), prints
 * `STORED <json of the map's positions>` once the calls answered, and then waits to be killed.
 */
import { silentLogger } from '../../core/logger.js';
import { ANONYMOUS } from '../../core/caller.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { FakeMapViews, mapCollector, mapServices } from '../fakes/map-fixture.js';
import { NOW_MS } from '../fakes/fake-service.js';

const dir = process.argv[2]!;
const store = await openEmbeddedStore({ dataDir: dir, logger: silentLogger });
const views = new FakeMapViews();
views.set({ id: 1, devRule: "Role = 'Core'", connecting: true });
const { maps } = mapServices(mapCollector(), views, { nowMs: () => NOW_MS }, store.meta);
await maps.setCoordinates(1, 1, ANONYMOUS, [{ id: 1, x: 0, y: 0 }, { id: 4, x: 100, y: 50 }, { id: 2, x: 7, y: 8 }]);
const fitted = await maps.layout(1, 1, ANONYMOUS, {}, 'fit');
process.stdout.write(`STORED ${JSON.stringify(fitted.devices.map((d) => [d.id, d.x, d.y]))}\n`);
setInterval(() => {}, 60_000); // held open until killed
