import type { Device, Link } from '../../core/types.js';
import { devicesSource, interfacesSource, unknownColumns } from '../../svcql/index.js';

/** A view rule that is valid but names a column its table does not know (docs/api.md "Map views"). */
export interface RuleWarning {
  readonly field: 'devRule' | 'linkRule';
  /** The name as the rule writes it. */
  readonly column: string;
  readonly message: string;
}

const TABLE_OF = { devRule: 'devices', linkRule: 'interfaces' } as const;

/**
 * The warnings of the rules of a validate body (only the rule fields it gives, each already checked
 * valid): a name that is neither a column of the rule's table nor a tag facet that a device or an
 * interface of the network's latest generation carries. A warning, not an error: facets are
 * free-form, and a tag may come later; but a misspelt column (`Nmae`) silently matches nothing.
 */
export function viewRuleWarnings(
  body: Readonly<Record<string, unknown>>, devices: readonly Device[], links: readonly Link[],
): RuleWarning[] {
  const out: RuleWarning[] = [];
  for (const field of ['devRule', 'linkRule'] as const) {
    const rule = body[field];
    if (typeof rule !== 'string' || rule.trim() === '') continue;
    const table = TABLE_OF[field];
    const unknown = table === 'devices' ? unknownColumns(rule, devicesSource(devices)) : unknownColumns(rule, interfacesSource(devices, links));
    for (const column of unknown) {
      out.push({
        field, column,
        message: `'${column}' is neither a column of the ${table} table nor a tag facet of any ${table === 'devices' ? 'device' : 'interface'} of this network: it matches nothing now (a misspelling?)`,
      });
    }
  }
  return out;
}
