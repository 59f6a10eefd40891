import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { AppError } from './errors.js';
import { Checker, type Path } from './config-check.js';
import {
  SENSOR_KINDS, SOURCE_KINDS, type DeviceProfile, type ProfileSensorTable, type ProfileSource,
} from './profile-schema.js';
import type { SensorKind } from './types.js';

/**
 * Reads the device profiles of a folder: every `*.yaml`, `*.yml` and `*.json` file, one profile per
 * file, in file-name order. A file that cannot be read or parsed, an unknown key, a bad value or two
 * files naming the same profile is an AppError CONFIG_INVALID naming the file, the key and its line.
 */
export function readProfileDir(dir: string): DeviceProfile[] {
  let files: string[];
  try { files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/i.test(f)).sort(); }
  catch (e) { throw new AppError('CONFIG_INVALID', `profiles folder ${dir}: cannot read it: ${(e as Error).message}`); }
  const out: DeviceProfile[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    const path = join(dir, f);
    let text: string;
    try { text = readFileSync(path, 'utf8'); }
    catch (e) { throw new AppError('CONFIG_INVALID', `${path}: cannot read the file: ${(e as Error).message}`); }
    const p = parseProfileText(text, path);
    const other = seen.get(p.name);
    if (other !== undefined) throw new AppError('CONFIG_INVALID', `${path}: name: the profile '${p.name}' is also defined by ${other}`);
    seen.set(p.name, path);
    out.push(p);
  }
  return out;
}

const OID_TEXT = /^\d+(\.\d+)+$/;

/** Parses and checks one profile file's text (YAML; JSON is YAML too). */
export function parseProfileText(text: string, file: string): DeviceProfile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new AppError('CONFIG_INVALID', `${file}: line ${lines.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`);
  }
  const c: Checker = new Checker(doc, lines, file);
  const raw = doc.toJS() as unknown;
  const top = c.object(raw, [], ['name', 'os', 'vendor', 'vendorWhenUnknown', 'match', 'model', 'cpu', 'memory', 'sensors']);
  const name = c.str(top.name, ['name']);
  if (!/^[A-Za-z0-9][\w.-]*$/.test(name)) c.fail(['name'], `must be letters, digits, '.', '_' or '-', got ${JSON.stringify(name)}`);
  const optStr = (v: unknown, p: Path): string => {
    if (v === undefined) return '';
    if (typeof v !== 'string') c.fail(p, `must be a string, got ${JSON.stringify(v)}`);
    return v;
  };
  const oid = (v: unknown, p: Path): string => {
    const s = typeof v === 'number' ? String(v) : v;
    if (typeof s !== 'string' || !OID_TEXT.test(s.replace(/^\./, ''))) c.fail(p, `must be a numeric OID like 1.3.6.1.4.1.9, got ${JSON.stringify(v)}`);
    return s.replace(/^\./, '');
  };
  const regex = (v: unknown, p: Path): RegExp => {
    if (typeof v !== 'string' || v === '') c.fail(p, `must be a regular expression (a non-empty string), got ${JSON.stringify(v)}`);
    try { return new RegExp(v, 'i'); } catch (e) { return c.fail(p, `is not a valid regular expression: ${(e as Error).message}`); }
  };
  const list = (v: unknown, p: Path): unknown[] => (typeof v === 'string' ? [v] : c.list(v, p));

  const m = top.match === undefined ? {} : c.object(top.match, ['match'], ['sysObjectID', 'sysDescr']);
  const match = {
    sysObjectID: list(m.sysObjectID, ['match', 'sysObjectID']).map((x, i) => oid(x, ['match', 'sysObjectID', i])),
    sysDescr: list(m.sysDescr, ['match', 'sysDescr']).map((x, i) => regex(x, ['match', 'sysDescr', i])),
  };
  const md = top.model === undefined ? {} : c.object(top.model, ['model'], ['sysObjectID', 'sysDescr']);
  const byOid: Record<string, string> = {};
  if (md.sysObjectID !== undefined) {
    const t = c.object(md.sysObjectID, ['model', 'sysObjectID'], Object.keys(md.sysObjectID as object));
    for (const [k, v] of Object.entries(t)) byOid[oid(k, ['model', 'sysObjectID', k])] = c.str(v, ['model', 'sysObjectID', k]);
  }
  const modelDescr = list(md.sysDescr, ['model', 'sysDescr']).map((x, i) => regex(x, ['model', 'sysDescr', i]));
  modelDescr.forEach((re, i) => {
    if (!/\((?!\?[:=!<])|\(\?<[A-Za-z]/.test(re.source)) c.fail(['model', 'sysDescr', i], 'needs a capture group (the model), e.g. (?<model>\\S+)');
  });

  const source = (v: unknown, p: Path): ProfileSource => {
    if (typeof v !== 'object' || v === null || (v as { kind?: unknown }).kind === undefined) c.fail(p, `must be a mapping with a kind (${SOURCE_KINDS.join(', ')})`);
    const kind = c.oneOf((v as { kind?: unknown }).kind, [...p, 'kind'], SOURCE_KINDS, 'columnAvg');
    const scale = (o: Record<string, unknown>) => {
      if (o.scale === undefined) return 1;
      if (typeof o.scale !== 'number' || !Number.isFinite(o.scale) || o.scale <= 0) c.fail([...p, 'scale'], `must be a positive number, got ${JSON.stringify(o.scale)}`);
      return o.scale;
    };
    switch (kind) {
      case 'columnAvg': { const o = c.object(v, p, ['kind', 'column', 'scale']); return { kind, column: oid(o.column, [...p, 'column']), scale: scale(o) }; }
      case 'scalar': { const o = c.object(v, p, ['kind', 'oid', 'scale']); return { kind, oid: oid(o.oid, [...p, 'oid']), scale: scale(o) }; }
      case 'ucdCpu': c.object(v, p, ['kind']); return { kind };
      case 'hrStorageRam': c.object(v, p, ['kind']); return { kind };
      case 'usedFree': { const o = c.object(v, p, ['kind', 'used', 'free']); return { kind, used: oid(o.used, [...p, 'used']), free: oid(o.free, [...p, 'free']) }; }
      case 'sizeUsed': { const o = c.object(v, p, ['kind', 'size', 'used']); return { kind, size: oid(o.size, [...p, 'size']), used: oid(o.used, [...p, 'used']) }; }
      case 'totalAvail': {
        const o = c.object(v, p, ['kind', 'total', 'avail', 'buffers', 'cached']);
        return {
          kind, total: oid(o.total, [...p, 'total']), avail: oid(o.avail, [...p, 'avail']),
          ...(o.buffers === undefined ? {} : { buffers: oid(o.buffers, [...p, 'buffers']) }),
          ...(o.cached === undefined ? {} : { cached: oid(o.cached, [...p, 'cached']) }),
        };
      }
    }
  };
  const cpu = c.list(top.cpu, ['cpu']).map((x, i) => source(x, ['cpu', i]));
  const memory = c.list(top.memory, ['memory']).map((x, i) => source(x, ['memory', i]));

  const s = top.sensors === undefined ? {} : c.object(top.sensors, ['sensors'], ['entitySensor', 'tables']);
  const tables = c.list(s.tables, ['sensors', 'tables']).map((x, i): ProfileSensorTable => {
    const p: Path = ['sensors', 'tables', i];
    const o = c.object(x, p, ['kind', 'name', 'value', 'unit', 'scale', 'indexOffset']);
    const scale = o.scale === undefined ? 1 : o.scale;
    if (typeof scale !== 'number' || !Number.isFinite(scale) || scale === 0) c.fail([...p, 'scale'], `must be a non-zero number, got ${JSON.stringify(o.scale)}`);
    return {
      kind: c.oneOf<SensorKind>(o.kind, [...p, 'kind'], SENSOR_KINDS, 'other'),
      name: oid(o.name, [...p, 'name']), value: oid(o.value, [...p, 'value']), unit: optStr(o.unit, [...p, 'unit']), scale,
      indexOffset: c.int(o.indexOffset, [...p, 'indexOffset'], 0, 0x7fff0000, 0),
    };
  });
  return {
    name, file, os: optStr(top.os, ['os']), vendor: optStr(top.vendor, ['vendor']),
    vendorWhenUnknown: optStr(top.vendorWhenUnknown, ['vendorWhenUnknown']),
    match, model: { sysObjectID: byOid, sysDescr: modelDescr }, cpu, memory,
    sensors: { entitySensor: c.bool(s.entitySensor, ['sensors', 'entitySensor'], true), tables },
  };
}
