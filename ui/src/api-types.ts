import type { components } from './api-types.gen.js';

/**
 * The server's answers as the UI reads them, named from the types generated out of the API's own
 * description (docs/openapi.yaml, by `npm run gen:ui-types` into api-types.gen.ts). The UI takes
 * answer types from here only: a hand-written copy would drift from the server unseen, while a
 * change of the description fails the UI's type check where it matters.
 */
type Schemas = components['schemas'];

/** Who is logged in: `GET /v2/whoami`. */
export type Whoami = Schemas['Caller'];

/** An alert of the alert list (docs/api.md "Alerts and silences"). */
export type Alert = Schemas['Alert'];
/** One activation of an alert (`GET /v2/alerts/net/:netid/history`; ours). */
export type AlertHistoryEntry = Schemas['AlertHistoryEntry'];
/** An alert rule as configured (`GET /v2/alerts/net/:netid/rules`; ours). */
export type AlertRuleInfo = Schemas['AlertRule'];
/** A silence as answered: `expirationTimeMs` is the absolute expiry, every match field present. */
export type Silence = Schemas['Silence'];
/** A silence's match as answered (`''` and `0` take no part). */
export type SilenceMatch = Schemas['SilenceMatchAnswered'];
/** The create/update result object of a silence. */
export type SilenceResult = Schemas['SilenceResult'];

/** The network status (`GET /v2/ui/net/:id/status`). */
export type NetworkStatus = Schemas['NetworkStatus'];
/** A view as a tile of the network status, and an item of the view list. */
export type ViewTile = Schemas['ViewTile'];
/** A map view (`GET /v2/ui/net/:id/views/:view_id`). */
export type MapView = Schemas['MapView'];
/** The answer of a view's validate call: a valid body and its rules' unknown column names. */
export type ViewValidated = Schemas['ViewValidated'];

/** A view's map (`GET /v2/ui/net/:id/views/:view_id/map`). */
export type MapAnswer = Schemas['Map'];
export type MapDevice = MapAnswer['devices'][number];
export type MapLink = MapAnswer['links'][number];
export type LinkEnd = Schemas['MapLinkEnd'];
/** The answer to storing positions (`PUT …/views/:view_id/coordinates`). */
export type CoordinatesStored = Schemas['CoordinatesStored'];
/** The answer to creating a view (`POST /v2/ui/net/:id/views`). */
export type ViewCreated = Schemas['ViewCreated'];
/** Values on a view's map (`…/linkVar/:lv/nodeVar/:nv`). */
export type ValuesAnswer = Schemas['MapValues'];

/** The graph call's answer (`GET /v2/ui/net/:id/graph/...`, and the legacy graph calls). */
export type GraphAnswer = Schemas['GraphResult'];
/** One `info` item of the graph answer. */
export type GraphInfo = GraphAnswer['info'][number];

/** One item of the catalog's variable list (`GET /api/monitor/networks/:netid/gw/`). */
export type VariableSummary = Schemas['VariableSummaryItem'];

/** The device panel's Summary (`GET /v2/ui/net/:id/dashboards/device/:devid`). */
export type DeviceDashboard = Schemas['DeviceDashboard'];
/** A variable's latest value: value and time null when it has no point in the past hour. */
export type LatestValue = Schemas['PanelLatestValue'];
/**
 * The device data call (`GET /v2/ui/net/:id/data/device/:devid`) in its default `brief` format:
 * the description's `device` is either form, the format asked for picks one.
 */
export type DeviceDataBrief = Omit<Schemas['DeviceData'], 'device'> & { device: Schemas['DeviceBrief'] };
/** The device data call with `format=full`: the public discovery record. */
export type DeviceDataFull = Omit<Schemas['DeviceData'], 'device'> & { device: Schemas['Device'] };
/** An interface in the brief device data. */
export type InterfaceBrief = Schemas['InterfaceBrief'];
/** A variable of the device with its latest value. */
export type DeviceVariable = Schemas['DeviceVariable'];
/** A hardware component of a device (ENTITY-MIB), from the full device data. */
export type DeviceComponent = NonNullable<Schemas['Device']['components']>[number];
/** A sensor of a device, from the full device data. */
export type Sensor = Schemas['Sensor'];
/** The effective settings (`GET /v2/ui/net/:id/settings`). */
export type Settings = Schemas['Settings'];
/** The managed devices of a network (`GET /v2/ui/net/:netid/devices`). */
export type ManagedDeviceList = Schemas['ManagedDeviceList'];
/** A device's poll state now: never answered, unreachable, answering, with the reason (ManagedDevice's and the discovery record's `pollState`). */
export type PollState = Schemas['PollState'];
/** The query API's answer to a `table` target: a table, or the target's error. */
export type TableEntry = Schemas['TableEntry'];
export type TargetError = Schemas['TargetError'];
/** The healthcheck (`GET /api/metrics/healthcheck`): the verdict and every component's status. */
export type Health = Schemas['Health'];
/** A last-value item of the legacy `vars` call (`GET /api/monitor/networks/:netid/vars?<rule>`). */
export type LastValue = Schemas['LastValueItem'];
/** The data call's answer (`GET /v2/ui/net/:id/data/...`): unscaled points, every one in the window. */
export type DataAnswer = Schemas['DataResult'];
/** A neighbour entry (LLDP/CDP) of the full device data, as read from the device. */
export type Neighbor = NonNullable<Schemas['Device']['neighbors']>[number];
/**
 * The link's other end in the legacy link summary (`GET /api/monitor/networks/:netid/nodes/:nodeid/interfaces/:ifIndex/linkSummary`).
 * Written here by hand: the description gives that answer no schema (a deprecated call), so there
 * is no generated type to name; only `peer` is read.
 */
export interface LinkSummaryPeer {
  readonly peer: { readonly deviceId: number; readonly ifIndex: number; readonly ifName: string } | null;
}
/** A user as administrators see it (`GET /v2/admin/users`): never a password. */
export type AccountUser = Schemas['AccountUser'];
/** An API token as listed (`GET /v2/admin/tokens`): never its secret. */
export type AccountToken = Schemas['AccountToken'];
/** A test poll's answer (`POST /v2/ui/net/:netid/devices/test`). */
export type AgentTestResult = Schemas['AgentTestResult'];
/** A network's SNMP credentials in force, named by source and index or name (never a secret). */
export type SnmpCredentials = Schemas['SnmpCredentials'];
/** A managed device of the list. */
export type ManagedDevice = Schemas['ManagedDevice'];
/** An address or range blocked from discovery (`GET …/devices/blocking`). */
export type BlockedAddress = Schemas['BlockedAddress'];
/** The server's own metrics (`GET /api/metrics/metrics`); `remote` is a collector's or a central's (docs/scale-out.md). */
export type ServerMetrics = Schemas['Metrics'];
export type RemoteMetrics = NonNullable<ServerMetrics['remote']>;
