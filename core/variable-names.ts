/**
 * Names of variables the server defines at run time (VariableCatalog.define), which no operator
 * variable (config `variables.snmp`, `variables.derived`) may take.
 */

/** The alert evaluator's state variable (services/alerts/alert-engine.ts): `alertState.0.<alert number>`. */
export const ALERT_STATE_VARIABLE = 'alertState';

/** Every name the server defines at run time. */
export const SERVER_VARIABLE_NAMES: readonly string[] = Object.freeze([ALERT_STATE_VARIABLE]);
