/** A small leveled logger writing one line per event: `time level [component] message key=value…`. */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const rank: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(component: string): Logger;
}

export function createLogger(opts: { level?: Level; component?: string; write?: (line: string) => void } = {}): Logger {
  const min = rank[opts.level ?? 'info'];
  const write = opts.write ?? ((line: string) => process.stderr.write(line + '\n'));
  const component = opts.component ?? 'main';
  const emit = (level: Level, msg: string, fields?: Record<string, unknown>) => {
    if (rank[level] < min) return;
    let line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${component}] ${msg}`;
    if (fields) for (const [k, v] of Object.entries(fields)) line += ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
    write(line);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (c) => createLogger({ ...opts, component: c }),
  };
}

export const silentLogger: Logger = createLogger({ write: () => {} });
