/**
 * SvcQL: the query language (parse, print, compile, execute, format) and the variable matching rule.
 * The public face of the folder. language/ holds the syntax alone (lexer, parser, AST, printer,
 * limits, syntax errors) and imports nothing else of svcql/; the engine beside it (this folder's
 * other files: selection, evaluation, table and row sources, matchers, budget and watchdog) builds
 * on it.
 */
export * from './language/ast.js';
export { tokenize, type Token, type TokenKind } from './language/lexer.js';
export { parseExpression, parseStatement, parseStatements, positionOf } from './language/parser.js';
export { parseDurationMs } from './language/duration.js';
export { printExpression, printStatement, printStatements, printOperand, quoteString } from './language/printer.js';
export { enableRegexpSafety, regexpSafetyEnabled, checkRegexpSource } from './language/regexp-check.js';
export { compileRegexp, regexpTester, REGEXP_DIRECT_CHARS, UNBUDGETED_REGEXP_TEST_MS } from './regexp-safety.js';
export { Budget, abortsRequest, UNITS_PER_CHECK, type BudgetLimits } from './budget.js';
export { jsonBytes, textBytes, numberBytes, datapointsBytes } from './json-size.js';
export { limits } from './language/limits.js';
export type { Scalar } from './scalar.js';
export * from './row-source.js';
export { devicesSource } from './source-devices.js';
export { interfacesSource, type InterfaceRow } from './source-interfaces.js';
export { variablesSource, type InstanceSourceOptions } from './source-variables.js';
export { tagsSource, allTags } from './source-tags.js';
export { alertsSource, type AlertRecord } from './source-alerts.js';
export { seriesSource, type SeriesSourceOptions } from './source-series.js';
export { compileWhere, resolveColumnName } from './compile.js';
export { compileMatcher, mapCatalog } from './matcher.js';
export { executeQuery, executeStatement, resolveTable, type ExecuteOptions, type SelectResult, type ResultRow, type ResultColumn, type StatementOutcome } from './select.js';
export { formatResult, answerSvcqlTarget, isOutputFormat, type AnswerMeter, type OutputFormat, type SvcqlTarget, type TimeSeriesEntry, type TableEntry } from './format.js';
export type { Series, Value } from './series-math.js';
export { parseTimeValue, extractTimeRange } from './time-range.js';
export {
  compileVariableRule, statsOf, statsOverWindow, defaultRuleWindow,
  type VariableRule, type RuleSubject, type RuleStats, type SortColumn,
} from './variable-rule.js';
export { parseTagRules, compileTagRules, parseTagMatch, type TagRule, type TagMatch } from './tag-set.js';
export {
  parseDerivedExpression, checkDerivedExpression, compileDerived, expressionInputs, referencedNames,
  MAX_EXPRESSION_CHARS, MAX_EXPRESSION_DEPTH,
  type DExpr, type DerivedScope, type AggregateFn, type InputLayout, type CompiledExpression,
} from './derived-expr.js';
export { answerStructuredTarget, type TargetContext, type TargetSeries } from './structured-target.js';
