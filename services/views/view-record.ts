import { MAX_VIEW_NAME_CHARS, MAX_VIEW_RULE_CHARS, type ViewConfig, type ViewRuleTable } from '../../core/config-schema.js';
import { AppError, isAppError } from '../../core/errors.js';
import { compileMatcher, devicesSource, interfacesSource } from '../../svcql/index.js';
import { CONTROL_CHARS } from '../../core/names.js';

export { MAX_VIEW_NAME_CHARS, MAX_VIEW_RULE_CHARS };

/** Made by the server, declared in the configuration, or made in the UI. */
export type ViewType = 'SYSTEM' | 'SCRIPTED' | 'INTERACTIVE';
export const VIEW_TYPES: readonly ViewType[] = ['SYSTEM', 'SCRIPTED', 'INTERACTIVE'];

/** Where a view comes from: the UI (INTERACTIVE), the server (SYSTEM), the configuration (SCRIPTED). */
type ViewOrigin = 'ui' | 'server' | 'config';

/** A map view as it is stored (the id is the repository's key). */
export interface ViewData {
  readonly networkId: number;
  readonly name: string;
  readonly devRule: string;
  readonly linkRule: string;
  readonly adjacent: boolean;
  readonly connecting: boolean;
  readonly type: ViewType;
  /** The acting user that made it (services/views/views.ts `viewOwner`); '' for SYSTEM and SCRIPTED views. */
  readonly owner: string;
  readonly shared: boolean;
  /** Opaque text of the UI, kept byte for byte (a JS string round-trips UTF-8 exactly). */
  readonly formData: string;
  readonly origin: ViewOrigin;
  /** For a SCRIPTED view, where the configuration declares it (`views[2]`); '' otherwise. */
  readonly configKey: string;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
  /** When the map's stored coordinates last changed (MapViewSource.markLayout); the creation time until then. */
  readonly layoutUpdatedAtMs: number;
}

/**
 * A map view as the API answers it: the fields of docs/api.md "Map views", then the project's additions
 * (`adjacent`, `connecting`, `shared`, `owner`). `editable` is true for an INTERACTIVE view shown
 * to its owner, false otherwise (SYSTEM and SCRIPTED views are never editable).
 */
export interface MapView {
  readonly id: number;
  readonly name: string;
  readonly devRule: string;
  readonly linkRule: string;
  readonly type: ViewType;
  readonly editable: boolean;
  readonly updatedAt: number;
  readonly layoutUpdatedAt: number;
  readonly formData: string;
  readonly adjacent: boolean;
  readonly connecting: boolean;
  readonly shared: boolean;
  /** The owning user (`token:<name>` for a token's pseudo-user); null for SYSTEM and SCRIPTED views. */
  readonly owner: string | null;
}

/** A view as a tile of the network status (the status call; no rules or form data). */
export interface ViewTile {
  readonly id: number;
  readonly name: string;
  readonly type: ViewType;
  readonly editable: boolean;
  readonly shared: boolean;
  readonly updatedAt: number;
  readonly layoutUpdatedAt: number;
}

/** What an update or validate body sets (docs/api.md "Map views"): the fields a configured SCRIPTED view declares too. */
export type ViewInput = Pick<ViewConfig, 'name' | 'devRule' | 'linkRule' | 'adjacent' | 'connecting' | 'formData'>;

export function toMapView(id: number, d: ViewData, editable: boolean): MapView {
  return {
    id, name: d.name, devRule: d.devRule, linkRule: d.linkRule, type: d.type, editable,
    updatedAt: d.updatedAtMs, layoutUpdatedAt: d.layoutUpdatedAtMs, formData: d.formData,
    adjacent: d.adjacent, connecting: d.connecting, shared: d.shared, owner: d.owner === '' ? null : d.owner,
  };
}

export function toViewTile(id: number, d: ViewData, editable: boolean): ViewTile {
  return { id, name: d.name, type: d.type, editable, shared: d.shared, updatedAt: d.updatedAtMs, layoutUpdatedAt: d.layoutUpdatedAtMs };
}

/**
 * Checks `rule` as a SvcQL matching expression over `table` (what follows WHERE; a leading WHERE is
 * accepted; '' or blanks match every row and pass). It is parsed and compiled against the table's
 * columns with no rows, so the answer does not depend on what discovery found: syntax, bounds,
 * regular expressions, functions and ambiguous columns are checked; a name that is no fixed
 * column is a tag facet (SvcQL: facets are open-ended) and passes. Throws the SvcQL AppError
 * (SVCQL_SYNTAX, SVCQL_LIMIT, SVCQL_REGEXP, SVCQL_EVAL), whose message carries the position
 * ("SvcQL syntax error at 1:17: …"), or VIEW_REFUSED for a rule over MAX_VIEW_RULE_CHARS.
 */
export function checkViewRule(rule: string, table: ViewRuleTable): void {
  if (rule.length > MAX_VIEW_RULE_CHARS) {
    throw new AppError('VIEW_REFUSED', `a view rule may have at most ${MAX_VIEW_RULE_CHARS} characters, this one has ${rule.length}`);
  }
  if (rule.trim() === '') return;
  if (table === 'devices') compileMatcher(rule, devicesSource([]));
  else compileMatcher(rule, interfacesSource([], []));
}

/**
 * Reads an update or validate body (docs/api.md "Map views") over the view's current values: a JSON object whose
 * fields `name`, `devRule`, `linkRule`, `adjacent`, `connecting` and `formData` replace the current
 * ones; a field left out keeps its value. Other fields (`id`, `type`, `editable`, `updatedAt`…)
 * are ignored, so a UI may send back the view object it read.
 *
 * - `name`: a non-blank string of at most MAX_VIEW_NAME_CHARS, without control characters.
 * - `devRule`, `linkRule`: strings, checked by `checkViewRule` over `devices` and `interfaces`;
 *   a failure is VIEW_REFUSED naming the field and carrying the SvcQL error with its position.
 * - `adjacent`, `connecting`: the strings "true" / "false" (as the spec sends them) or booleans.
 * - `formData`: a string kept as it is, at most `maxFormDataBytes` in UTF-8 (BODY_TOO_LARGE, 413).
 * Any other malformed field is BAD_REQUEST naming it.
 */
export function parseViewInput(body: unknown, current: ViewInput, maxFormDataBytes: number): ViewInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'the body must be a JSON object {name, devRule, linkRule, adjacent, connecting, formData}');
  }
  const b = body as Record<string, unknown>;
  const name = b.name === undefined ? current.name : checkedName(b.name);
  const devRule = b.devRule === undefined ? current.devRule : checkedRule(b.devRule, 'devRule', 'devices');
  const linkRule = b.linkRule === undefined ? current.linkRule : checkedRule(b.linkRule, 'linkRule', 'interfaces');
  const adjacent = b.adjacent === undefined ? current.adjacent : flag(b.adjacent, 'adjacent');
  const connecting = b.connecting === undefined ? current.connecting : flag(b.connecting, 'connecting');
  let formData = current.formData;
  if (b.formData !== undefined) {
    if (typeof b.formData !== 'string') throw new AppError('BAD_REQUEST', "'formData' must be a string");
    const bytes = Buffer.byteLength(b.formData, 'utf8');
    if (bytes > maxFormDataBytes) {
      throw new AppError('BODY_TOO_LARGE', `'formData' of ${bytes} bytes is over the limit of ${maxFormDataBytes} bytes (ui.viewFormDataMaxBytes)`);
    }
    formData = b.formData;
  }
  return { name, devRule, linkRule, adjacent, connecting, formData };
}

function checkedName(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '') throw new AppError('BAD_REQUEST', "'name' must be a non-empty string");
  if (v.length > MAX_VIEW_NAME_CHARS) throw new AppError('BAD_REQUEST', `'name' is longer than ${MAX_VIEW_NAME_CHARS} characters`);
  if (CONTROL_CHARS.test(v)) throw new AppError('BAD_REQUEST', "'name' contains control characters");
  return v;
}

function checkedRule(v: unknown, field: 'devRule' | 'linkRule', table: ViewRuleTable): string {
  if (typeof v !== 'string') throw new AppError('BAD_REQUEST', `'${field}' must be a string (a SvcQL matching expression)`);
  try {
    checkViewRule(v, table);
  } catch (err) {
    if (isAppError(err) && err.status === 400) {
      throw new AppError('VIEW_REFUSED', `'${field}' is not a matching expression over the ${table} table: ${err.message}`, { cause: err });
    }
    throw err;
  }
  return v;
}

function flag(v: unknown, field: 'adjacent' | 'connecting'): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new AppError('BAD_REQUEST', `'${field}' must be "true" or "false", got ${JSON.stringify(v)?.slice(0, 40)}`);
}

/** The repository's decoder: a stored record must have every field with its type. */
export function decodeViewData(raw: unknown): ViewData {
  const d = raw as Partial<Record<keyof ViewData, unknown>> | null;
  const ok = typeof d === 'object' && d !== null &&
    typeof d.networkId === 'number' && typeof d.name === 'string' && typeof d.devRule === 'string' &&
    typeof d.linkRule === 'string' && typeof d.adjacent === 'boolean' && typeof d.connecting === 'boolean' &&
    VIEW_TYPES.includes(d.type as ViewType) && typeof d.owner === 'string' && typeof d.shared === 'boolean' &&
    typeof d.formData === 'string' && (d.origin === 'ui' || d.origin === 'server' || d.origin === 'config') &&
    typeof d.configKey === 'string' && typeof d.createdAtMs === 'number' && typeof d.updatedAtMs === 'number' &&
    typeof d.layoutUpdatedAtMs === 'number';
  if (!ok) throw new Error('not a map view record');
  return d as ViewData;
}
