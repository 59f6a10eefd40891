/**
 * The Prometheus text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/): families of samples in, text out.
 * Every family gets its HELP and TYPE lines; label values and HELP text are escaped as the format
 * says. Names are checked against the format's grammar: a bad one is a bug here, so it throws.
 */
export const PROM_TEXT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

export interface Sample {
  /** Appended to the family's name: `_bucket`, `_sum`, `_count` for histograms; '' or absent otherwise. */
  readonly suffix?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface MetricFamily {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly samples: readonly Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** The exposition text of `families`, in their order; a family without samples has its HELP and TYPE only. */
export function exposition(families: readonly MetricFamily[]): string {
  let out = '';
  for (const f of families) {
    if (!NAME.test(f.name)) throw new Error(`bad metric name ${JSON.stringify(f.name)}`);
    out += `# HELP ${f.name} ${escapeHelp(f.help)}\n# TYPE ${f.name} ${f.type}\n`;
    for (const s of f.samples) {
      out += f.name + (s.suffix ?? '');
      const labels = s.labels ? Object.entries(s.labels) : [];
      if (labels.length > 0) {
        out += '{' + labels.map(([k, v]) => {
          if (!LABEL.test(k) || k.startsWith('__')) throw new Error(`bad label name ${JSON.stringify(k)} on ${f.name}`);
          return `${k}="${escapeLabelValue(v)}"`;
        }).join(',') + '}';
      }
      out += ` ${formatValue(s.value)}\n`;
    }
  }
  return out;
}

/** A label value as the format writes it: `\` → `\\`, `"` → `\"`, a line feed → `\n`. */
export function escapeLabelValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text: `\` → `\\`, a line feed → `\n`. */
function escapeHelp(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A sample value: the format's `NaN`, `+Inf`, `-Inf`, else the number's shortest text (Go's ParseFloat reads it). */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return String(v);
}
