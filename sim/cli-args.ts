/** Parses the simulator CLI flags into SimOptions; unknown flags and bad values are reported, not guessed. */
import type { SimOptions } from './sim-types.js';

const usage =
  'usage: node dist/sim/main.js [--devices N] [--interfaces N] [--port P] [--base 127.1.0.1]\n' +
  '         [--topology ring|tree] [--seed N] [--dead FRACTION] [--community NAME]';

export function parseSimArgs(argv: readonly string[]): { ok: true; opts: SimOptions } | { ok: false; error: string } {
  const opts: SimOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    if (name === '--help' || name === '-h') return { ok: false, error: usage };
    const value = inline ?? argv[++i];
    if (value === undefined) return { ok: false, error: `${name} needs a value\n${usage}` };
    const num = () => {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw new Error(`${name} needs a number, got '${value}'`);
      return n;
    };
    try {
      switch (name) {
        case '--devices': opts.devices = num(); break;
        case '--interfaces': opts.interfacesPerDevice = num(); break;
        case '--port': opts.port = num(); break;
        case '--base': opts.baseAddress = value; break;
        case '--topology':
          if (value !== 'ring' && value !== 'tree') throw new Error(`--topology is ring or tree, got '${value}'`);
          opts.topology = value;
          break;
        case '--seed': opts.seed = num(); break;
        case '--dead': opts.deadFraction = num(); break;
        case '--community': opts.community = value; break;
        default: return { ok: false, error: `unknown flag '${name}'\n${usage}` };
      }
    } catch (e) {
      return { ok: false, error: `${(e as Error).message}\n${usage}` };
    }
  }
  return { ok: true, opts };
}
