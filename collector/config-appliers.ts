import type { ConfigApplier } from '../core/config-applier.js';
import { configuredDefinitions } from '../core/config-variables.js';
import type { Logger } from '../core/logger.js';
import type { Monitor } from './monitor.js';

/**
 * The collector's part of a config reload (core/config-applier.ts), in the order of its effects:
 * the operator variables' definitions, the device profiles, the networks, the operator SNMP
 * variables. `log` is where a reload's failures that do not stop it are told.
 */
export function collectorAppliers(monitor: Monitor, log: Logger): ConfigApplier[] {
  return [
    {
      // The definitions of `variables.snmp` and `variables.derived`, which the catalog answers. A
      // set the catalog refuses (a built-in name, one the server defined) refuses the reload.
      name: 'variable definitions',
      keys: [],
      uses: ['variables.snmp', 'variables.derived'],
      check: (next) => {
        try {
          monitor.checkDefinitions(configuredDefinitions(next.variables));
          return undefined;
        } catch (e) {
          return `variables: ${(e as Error).message}`;
        }
      },
      apply: (next) => monitor.catalog.configure(configuredDefinitions(next.variables)),
    },
    {
      // The next probes choose from the profiles read now (the loader has checked them); a folder
      // that no longer reads keeps the profiles in force.
      name: 'device profiles',
      keys: ['profilesDir'],
      apply: (next) => {
        try {
          monitor.reloadProfiles(next.profilesDir ?? null);
        } catch (e) {
          log.warn('device profiles not reloaded; the ones in force stay', { error: (e as Error).message });
        }
      },
    },
    {
      // Removed networks stop, changed ones restart from their new settings, added ones start
      // (Monitor.applyReload). The largest `snmp.maxInFlight` is restart-only (RESTART_KEYS).
      name: 'networks',
      keys: ['networks'],
      apply: (_next, plan) => monitor.applyReload(plan),
    },
    {
      // When they changed, every network plans its devices again (Monitor.setVariables).
      name: 'operator SNMP variables',
      keys: ['variables.snmp'],
      apply: (next) => monitor.setVariables(next.variables.snmp),
    },
  ];
}
