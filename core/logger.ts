import { escapeControlChars } from './control-chars.js';

/**
 * A small leveled logger writing one line per event, in one of two formats:
 * - `text` (default): `time level [component] message key=value…`;
 * - `json`: one JSON object per line, `{ "time", "level", "component", "msg", …fields }` (time in
 *   ISO 8601 UTC, level lower-case). A field named like one of those four keeps its value under
 *   `field.<name>` instead; values JSON cannot hold (bigint, Error) are written as their text.
 * In both, a line is one line whatever the message and the values hold: control characters (CR, LF,
 * C1, U+2028…: core/control-chars.ts) are written as escapes (`\n`, `\u0085`), so that no value from
 * an agent or a user can start a line (or a journal entry) of its own.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'text' | 'json';
const rank: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const CORE_KEYS = new Set(['time', 'level', 'component', 'msg']);

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(component: string): Logger;
}

interface LoggerOptions {
  level?: Level;
  component?: string;
  format?: LogFormat;
  write?: (line: string) => void;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const min = rank[opts.level ?? 'info'];
  const write = opts.write ?? ((line: string) => process.stderr.write(line + '\n'));
  const component = opts.component ?? 'main';
  const format = opts.format === 'json' ? jsonLine : textLine;
  const emit = (level: Level, msg: string, fields?: Record<string, unknown>) => {
    if (rank[level] < min) return;
    write(format(new Date().toISOString(), level, component, msg, fields));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (c) => createLogger({ ...opts, component: c }),
  };
}

function textLine(time: string, level: Level, component: string, msg: string, fields?: Record<string, unknown>): string {
  let line = `${time} ${level.toUpperCase().padEnd(5)} [${component}] ${msg}`;
  if (fields) for (const [k, v] of Object.entries(fields)) line += ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v, plain)}`;
  return escapeControlChars(line);
}

function jsonLine(time: string, level: Level, component: string, msg: string, fields?: Record<string, unknown>): string {
  const o: Record<string, unknown> = { time, level, component, msg };
  if (fields) for (const [k, v] of Object.entries(fields)) o[CORE_KEYS.has(k) ? `field.${k}` : k] = v;
  // JSON.stringify escapes C0 in strings; C1 and U+2028/U+2029 (left as they are) become \u escapes too.
  return escapeControlChars(JSON.stringify(o, plain));
}

/** JSON.stringify replacer: bigint as its decimal text, an Error as its message. */
function plain(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Error) return v.message;
  return v;
}

/**
 * The log format from the environment: `LOG_FORMAT=json` or `text` (default text). Throws on any
 * other value, naming it.
 */
export function logFormatFromEnv(env: NodeJS.ProcessEnv): LogFormat {
  const v = env.LOG_FORMAT;
  if (v === undefined || v === '' || v === 'text') return 'text';
  if (v === 'json') return 'json';
  throw new Error(`LOG_FORMAT must be text or json, not ${JSON.stringify(v)}`);
}

export const silentLogger: Logger = createLogger({ write: () => {} });
