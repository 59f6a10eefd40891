import type { VariableDef, VariableInstance } from '../../core/types.js';

/**
 * The legends of the series of one graph answer (`legend`, `legendEmbedded`: docs/api.md "Graph result").
 *
 * A legend names the variable and the component; `legendEmbedded` is the device name, a space,
 * and the legend. The variable's label is its definition's description (the built-in ones say the
 * direction: "Inbound traffic rate", "Outbound traffic rate"), or its name when the definition has
 * none. On an interface, the instance's own description is the interface's (ifAlias, else
 * ifDescr), so it is not the variable's label: it follows the interface name in parentheses when
 * it says something the name does not. Device-level and hardware-component variables keep the
 * instance's description as label ("Sensor reading: temperature").
 *
 * Within one answer, series of distinct triplets have distinct legends: when two would share one,
 * the variable's name is added in brackets to each of them; when that still leaves two alike (the
 * same variable and component name on two devices), their legend is `legendEmbedded`; when even
 * that leaves two alike (two components of one device with one name), the component's index is
 * added (`#12`). A triplet asked for twice keeps one legend.
 */
export interface SeriesLegend {
  readonly legend: string;
  readonly legendEmbedded: string;
}

/** One series of an answer: its triplet text and its instance. */
interface LegendInput {
  readonly varId: string;
  readonly instance: VariableInstance;
}

type DefinitionOf = (name: string) => VariableDef | undefined;

/** The variable's label and the component's words (both may be '') of an instance. */
function legendParts(v: VariableInstance, definitionOf: DefinitionOf): { label: string; component: string } {
  const def = definitionOf(v.name);
  if (def?.scope === 'interface' && v.index !== 0) {
    const label = def.description !== '' ? def.description : v.name;
    const said = v.description;
    const extra = said !== '' && said !== v.componentName && said !== def.description;
    const component = v.componentName !== '' ? (extra ? `${v.componentName} (${said})` : v.componentName) : (extra ? said : `#${v.index}`);
    return { label, component };
  }
  const label = v.description !== '' ? v.description : (def?.description ? def.description : v.name);
  return { label, component: v.componentName };
}

const join = (...words: string[]): string => words.filter((w) => w !== '').join(' ');

/** The legends of `found`, in its order (the rule of this file's header). */
export function seriesLegends(found: readonly LegendInput[], definitionOf: DefinitionOf): SeriesLegend[] {
  const parts = found.map(({ instance }) => legendParts(instance, definitionOf));
  const legends = parts.map((p) => join(p.label, p.component));
  const embedded = found.map(({ instance }, k) => join(instance.deviceName, legends[k]!));

  // Each step applies to every group of series of distinct triplets sharing a legend, when the
  // group differs in what the step adds.
  const steps: { differs: (k: number) => string; apply: (k: number) => void }[] = [
    {
      differs: (k) => found[k]!.instance.name,
      apply: (k) => { legends[k] = join(legends[k]!, `[${found[k]!.instance.name}]`); embedded[k] = join(found[k]!.instance.deviceName, legends[k]!); },
    },
    { differs: (k) => found[k]!.instance.deviceName, apply: (k) => { legends[k] = embedded[k]!; } },
    {
      differs: (k) => String(found[k]!.instance.index),
      apply: (k) => { const i = `#${found[k]!.instance.index}`; legends[k] = join(legends[k]!, i); embedded[k] = join(embedded[k]!, i); },
    },
  ];
  for (const step of steps) {
    const groups = new Map<string, number[]>();
    found.forEach((_, k) => {
      const g = groups.get(legends[k]!);
      if (g) g.push(k); else groups.set(legends[k]!, [k]);
    });
    for (const g of groups.values()) {
      if (new Set(g.map((k) => found[k]!.varId)).size < 2) continue;
      if (new Set(g.map(step.differs)).size < 2) continue;
      for (const k of g) step.apply(k);
    }
  }
  return legends.map((legend, k) => ({ legend, legendEmbedded: embedded[k]! }));
}
