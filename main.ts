#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadConfig } from './core/config-load.js';
import { readDistributedPart } from './core/config-distributed.js';
import { isAppError } from './core/errors.js';
import { createLogger, logFormatFromEnv, type LogFormat } from './core/logger.js';
import { packageVersion, startApp } from './app.js';
import { ACCOUNTS_USAGE, runAccountsCommand } from './cli/accounts-cli.js';
import { readPassword } from './cli/password-input.js';
import { checkViewRule } from './services/views/index.js';
import { checkAlertRule } from './services/alerts/index.js';
import { checkDerivedExpression } from './svcql/derived-expr.js';

const USAGE = `Usage: node dist/main.js [--config FILE] [--check-config]
       node dist/main.js --version | --help | -h | help
       node dist/main.js user|token …   (accounts; see below)

Runs the network monitoring server. Without --config it runs on a built-in simulated network
(SNMP agents on 127.1.0.x:1161, or the next free loopback addresses when those are taken), so it
shows real data at once. One server per port and per data directory: a second one fails to start.

  --config FILE    YAML configuration (see README "Configuration"); also NETMON_CONFIG
  --check-config   validate the configuration, print the result and exit
  --version        print the server's version and exit
  --help, -h, help this text

Environment: HOST, PORT and DATA_DIR override server.host, server.port and server.dataDir;
LOG_FORMAT=json writes the log as one JSON object per line (default text).
Signals: SIGHUP reloads the configuration file (server.* and simulator changes need a restart);
SIGINT and SIGTERM stop the server (so does GET /api/quit on a direct loopback connection).
Exit codes: 0 stopped, 1 unexpected error, 2 bad usage or configuration, 3 data directory locked
by another server, 4 start-up failed otherwise (port in use, store cannot open…).

${ACCOUNTS_USAGE}`;

/** The process's exit codes (docs/running.md lists them). */
const EXIT = { STOPPED: 0, UNEXPECTED: 1, BAD_CONFIG: 2, DATA_DIR_LOCKED: 3, START_FAILED: 4 } as const;

async function main(): Promise<number> {
  const sub = process.argv[2];
  // `help` as a word too: operators type it the way they type `user` or `token`.
  if (sub === 'help' && process.argv.length === 3) { process.stdout.write(USAGE + '\n'); return EXIT.STOPPED; }
  if (sub === 'user' || sub === 'token') {
    return runAccountsCommand(process.argv.slice(2), {
      out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s), readPassword,
    });
  }
  let args;
  try {
    args = parseArgs({ options: {
      config: { type: 'string' }, 'check-config': { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' },
    } }).values;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}\n`);
    return EXIT.BAD_CONFIG;
  }
  if (args.help) { process.stdout.write(USAGE + '\n'); return EXIT.STOPPED; }
  if (args.version) { process.stdout.write(`netmon ${packageVersion()}\n`); return EXIT.STOPPED; }
  let format: LogFormat;
  try {
    format = logFormatFromEnv(process.env);
  } catch (e) {
    process.stderr.write(`netmon: ${(e as Error).message}\n`);
    return EXIT.BAD_CONFIG;
  }
  const path = args.config ?? process.env.NETMON_CONFIG;
  let config;
  try {
    config = loadConfig({ path: path || undefined, checkViewRule, checkAlertRule, checkDerivedExpression });
  } catch (e) {
    if (isAppError(e)) { process.stderr.write(`netmon: ${e.message}\n`); return EXIT.BAD_CONFIG; }
    throw e;
  }
  if (args['check-config']) {
    process.stdout.write(`${config.source}: OK (${config.networks.length} network(s))\n`);
    return EXIT.STOPPED;
  }
  const logger = createLogger({ level: config.server.logLevel, format });
  logger.info('starting', { config: config.source, networks: config.networks.map((n) => `${n.id}:${n.name}`).join(',') });
  // Resolved by SIGINT, SIGTERM or an accepted GET /api/quit: the server then stops cleanly.
  let stop!: (why: string) => void;
  const stopAsked = new Promise<string>((resolve) => { stop = resolve; });
  let app;
  try {
    app = await startApp(config, logger, {
      load: (distributed) => loadConfig({ path: path || undefined, checkViewRule, checkAlertRule, checkDerivedExpression, ...(distributed ? { distributed } : {}) }),
      ...(path ? { distributedPart: () => readDistributedPart(path) } : {}),
      onQuit: () => stop('GET /api/quit'),
    });
  } catch (e) {
    logger.error('start-up failed', { error: (e as Error).message });
    return isAppError(e) && e.code === 'DATA_DIR_LOCKED' ? EXIT.DATA_DIR_LOCKED : EXIT.START_FAILED;
  }
  logger.info(`ready: ${readyUrl(config.server.host, app.port)}/v2/ui/net/${config.networks[0].id}/status`, {
    listening: config.server.host, authentication: config.auth.enabled ? 'on' : 'off',
  });
  // SIGHUP reloads the configuration (a bad file or a change that needs a restart is logged and changes nothing).
  const running = app;
  process.on('SIGHUP', () => {
    logger.info('reloading the configuration', { signal: 'SIGHUP', config: config.source });
    running.reloadConfig().catch((e) => logger.error('configuration not reloaded', { error: (e as Error).message }));
  });
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  logger.info('stopping', { by: await stopAsked });
  await app.stop();
  logger.info('stopped');
  return EXIT.STOPPED;
}

/**
 * Where the server can be reached, as the start-up log says it: the listen address itself; for a
 * wildcard address (every interface) the loopback address of its family, which is one of them.
 */
function readyUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

main().then((code) => process.exit(code), (e) => {
  process.stderr.write(`netmon: fatal: ${(e as Error).stack ?? e}\n`);
  process.exit(EXIT.UNEXPECTED);
});
