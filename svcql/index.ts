/**
 * SvcQL: the query language (parse, print, compile, execute, format) and the variable matching rule.
 * The public face of the folder. language/ holds the syntax alone (lexer, parser, AST, printer,
 * limits, syntax errors) and imports nothing else of svcql/; the engine beside it (this folder's
 * other files: selection, evaluation, table and row sources, matchers, budget and watchdog) builds
 * on it.
 */
export * from './language/ast.js';
export { tokenize } from './language/lexer.js';
export { parseExpression, parseStatement, parseStatements } from './language/parser.js';
export { parseDurationMs } from './language/duration.js';
export { printExpression, printStatement } from './language/printer.js';
export { enableRegexpSafety, checkRegexpSource } from './language/regexp-check.js';
export { regexpTester, REGEXP_DIRECT_CHARS } from './regexp-safety.js';
export { Budget, abortsRequest, UNITS_PER_CHECK } from './budget.js';
export { jsonBytes, textBytes } from './json-size.js';
export { limits } from './language/limits.js';
export * from './row-source.js';
export { devicesSource } from './source-devices.js';
export { interfacesSource, type InterfaceRow } from './source-interfaces.js';
export { variablesSource } from './source-variables.js';
export { tagsSource, allTags } from './source-tags.js';
export { alertsSource, type AlertRecord } from './source-alerts.js';
export { seriesSource } from './source-series.js';
export { compileMatcher, mapCatalog } from './matcher.js';
export { unknownColumns } from './column-check.js';
export { executeQuery, executeStatement, type SelectResult } from './select.js';
export { formatResult, answerSvcqlTarget, type AnswerMeter } from './format.js';
export { parseTimeValue } from './time-range.js';
export {
  compileVariableRule,
  type VariableRule, type RuleStats,
} from './variable-rule.js';
export { parseTagRules, compileTagRules } from './tag-set.js';
export {
  parseDerivedExpression, compileDerived, expressionInputs,
  type CompiledExpression,
} from './derived-expr.js';
export { answerStructuredTarget, type TargetContext } from './structured-target.js';
