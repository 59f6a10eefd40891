import t from 'tap';
import { parseExpression, parseStatement, parseStatements, printExpression, printStatement, tokenize, limits } from '../../svcql/index.js';

t.test('lexer: barewords, numbers, strings, escapes', async (t) => {
  const cases: [string, [string, string][]][] = [
    ['dfw3-dr01-re0', [['bare', 'dfw3-dr01-re0']]],
    ['10.1.0.0/16', [['bare', '10.1.0.0/16']]],
    ['2001:db8::/32', [['bare', '2001:db8::/32']]],
    ['::1', [['bare', '::1']]],
    ['now-6h', [['bare', 'now-6h']]],
    ['name', [['ident', 'name']]],
    ['-5', [['number', '-5']]],
    ['1e+21', [['number', '1e+21']]],
    ['.5', [['number', '.5']]],
    ['x<-5', [['ident', 'x'], ['op', '<'], ['number', '-5']]],
    ['a<<b', [['ident', 'a'], ['op', '<<'], ['ident', 'b']]],
    ['a<>b', [['ident', 'a'], ['op', '!='], ['ident', 'b']]],
    ["'it''s'", [['string', "it's"]]],
    ["'it\\'s'", [['string', "it's"]]],
    ["'a\\\\b'", [['string', 'a\\b']]],
    ["'\\d+'", [['string', '\\d+']]],
    ['"say \\"hi\\""', [['string', 'say "hi"']]],
    ['`my col`', [['quotedIdent', 'my col']]],
    ['`a``b`', [['quotedIdent', 'a`b']]],
    ['%core%', [['bare', '%core%']]],
  ];
  for (const [src, want] of cases) {
    const toks = tokenize(src).filter((k) => k.kind !== 'eof').map((k) => [k.kind, k.value]);
    t.same(toks, want, src);
  }
  const pos = tokenize("a = 1\n  AND b").map((k) => `${k.pos.line}:${k.pos.col}`);
  t.same(pos, ['1:1', '1:3', '1:5', '2:3', '2:7', '2:8']);
});

t.test('expressions parse to the expected canonical text', async (t) => {
  const cases: [string, string][] = [
    ['a=1', 'a = 1'],
    ['a <> b', "a != 'b'"],
    ['a = b OR c = d AND e = f', "a = 'b' OR c = 'd' AND e = 'f'"],
    ['(a = b OR c = d) AND e = f', "(a = 'b' OR c = 'd') AND e = 'f'"],
    ['NOT a = 1 AND b = 2', 'NOT a = 1 AND b = 2'],
    ['NOT (a = 1 AND b = 2)', 'NOT (a = 1 AND b = 2)'],
    ['a = 1 OR (b = 2 OR c = 3)', 'a = 1 OR (b = 2 OR c = 3)'],
    ['a not in (1, x, "y")', "a NOT IN (1, 'x', 'y')"],
    ['a not like %x', "a NOT LIKE '%x'"],
    ["a regexp '^x'", "a REGEXP '^x'"],
    ['t between now-6h and now', "t BETWEEN 'now-6h' AND 'now'"],
    ['a is not null', 'a IS NOT NULL'],
    ['a isnull', 'a IS NULL'],
    ['a notnull', 'a IS NOT NULL'],
    ['a not null', 'a IS NOT NULL'],
    ['address << 10.0.0.0/8', "address << '10.0.0.0/8'"],
    ['`odd name` = `other`', '`odd name` = `other`'],
    ["IFNULL(x, 0) > TSMAX(metric)", 'ifnull(x, 0) > tsmax(metric)'],
    ["'lit' = x", "'lit' = 'x'"],
    ['where a = 1', 'a = 1'],
  ];
  for (const [src, want] of cases) t.equal(printExpression(parseExpression(src)), want, src);
});

t.test('statements', async (t) => {
  const cases: [string, string][] = [
    ['select * from devices', 'SELECT * FROM devices'],
    ['FROM devices WHERE Vendor = Cisco', "SELECT * FROM devices WHERE Vendor = 'Cisco'"],
    ['select distinct device as d, avg(metric) "avg metric", max(metric) `m` from ifInRate',
      'SELECT DISTINCT device AS d, avg(metric) AS `avg metric`, max(metric) AS m FROM ifInRate'],
    ['select device, avg(tsmax(metric)) AS avg_max from ifInRate where time > now-6h group by device, time(5m) order by avg_max desc, device asc limit 10, 5',
      "SELECT device, avg(tsmax(metric)) AS avg_max FROM ifInRate WHERE time > 'now-6h' GROUP BY device, time(5m) ORDER BY avg_max DESC, device LIMIT 10, 5"],
    ["select name from devices order by 'name' limit 3 offset 1", 'SELECT name FROM devices ORDER BY name LIMIT 3, 1'],
    ['select count(*) from devices limit -1', 'SELECT count(*) FROM devices LIMIT -1'],
    ['select tspercentile(90, metric), sma(metric, 3) from `if.in`', 'SELECT tspercentile(90, metric), sma(metric, 3) FROM `if.in`'],
  ];
  for (const [src, want] of cases) t.equal(printStatement(parseStatement(src)), want, src);
  t.equal(parseStatements('select * from devices; from interfaces;').length, 2);
  t.equal(parseStatements(';; select * from devices ;').length, 1);
});

t.test('errors are positional, with stable codes', async (t) => {
  const cases: [string, string, RegExp][] = [
    ["device = 'x' AND = 3", 'SVCQL_SYNTAX', /^SvcQL syntax error at 1:18: expected a column or value but found '='$/],
    ['device = AND x = 1', 'SVCQL_SYNTAX', /^SvcQL syntax error at 1:10: expected a value after '=' but found 'AND'$/],
    ["a = 'x", 'SVCQL_SYNTAX', /at 1:5: unterminated string/],
    ['(a = 1', 'SVCQL_SYNTAX', /at 1:7: expected '\)' to close the parenthesis but found end of input/],
    ['a = 1 b', 'SVCQL_SYNTAX', /at 1:7: expected end of input but found 'b'/],
    ['a', 'SVCQL_SYNTAX', /at 1:2: expected an operator/],
    ['a IN 1', 'SVCQL_SYNTAX', /expected '\(' after IN but found '1'/],
    ['a IN ()', 'SVCQL_SYNTAX', /expected a value in the IN list but found '\)'/],
    ['a BETWEEN 1 2', 'SVCQL_SYNTAX', /expected AND between the BETWEEN bounds/],
    ['a IS 3', 'SVCQL_SYNTAX', /expected NULL after IS but found '3'/],
    ['a NOT = 3', 'SVCQL_SYNTAX', /expected IN, LIKE, REGEXP, BETWEEN or NULL after NOT/],
    ['a ! 3', 'SVCQL_SYNTAX', /unexpected character '!'/],
    ['a = 1 # x', 'SVCQL_SYNTAX', /at 1:7: unexpected character "#"/],
    ['nope(1) = 1', 'SVCQL_SYNTAX', /unknown function 'nope'/],
    ['tsmax(1, 2) = 1', 'SVCQL_SYNTAX', /tsmax\(\) takes 1 argument but was given 2/],
    ['sma(metric) = 1', 'SVCQL_SYNTAX', /sma\(\) takes 2 arguments but was given 1/],
    ['max(*) = 1', 'SVCQL_SYNTAX', /expected an argument of max\(\)/],
    ['a << 10.0.0.0/33', 'SVCQL_SYNTAX', /expected a subnet/],
    ['a << fe80::1::2/64', 'SVCQL_SYNTAX', /expected a subnet/],
    ["a REGEXP '('", 'SVCQL_REGEXP', /at 1:10: invalid pattern/],
    ["a REGEXP '(a)\\1'", 'SVCQL_REGEXP', /backreferences/],
    ["a REGEXP '(?=a)'", 'SVCQL_REGEXP', /lookahead and lookbehind/],
    ["a REGEXP '(?<!a)b'", 'SVCQL_REGEXP', /lookahead and lookbehind/],
    ["a REGEXP '(?<n>a)\\k<n>'", 'SVCQL_REGEXP', /named backreferences/],
    ["a REGEXP '(a{1,30}){1,30}$'", 'SVCQL_REGEXP', /repeats a part more than 16 times/],
    ["a REGEXP '((((a+)+)+)+)+$'", 'SVCQL_REGEXP', /repeats a part more than 16 times/],
    ['x = 1\n  AND = 2', 'SVCQL_SYNTAX', /at 2:7: expected a column or value but found '='/],
    ['', 'SVCQL_SYNTAX', /at 1:1: expected a column or value but found end of input/],
    ['a = 1e999', 'SVCQL_SYNTAX', /at 1:5: number '1e999' is out of range/],
  ];
  for (const [src, code, re] of cases) {
    try {
      parseExpression(src);
      t.fail(`no error for ${src}`);
    } catch (e) {
      const err = e as { code: string; message: string };
      t.equal(err.code, code, src);
      t.match(err.message, re, src);
    }
  }
  const stmtCases: [string, RegExp][] = [
    ['select from devices', /expected a column, value or function to select but found 'from'/],
    ['select * devices', /expected FROM after the selected columns but found 'devices'/],
    ['select * from', /expected a table name after FROM but found end of input/],
    ['select * from d group device', /expected BY after GROUP/],
    ['select * from d group by time(5x)', /expected a duration such as 30s/],
    ['select * from d limit x', /expected a row count after LIMIT/],
    ['select * from d limit 1.5', /expected a row count after LIMIT/],
    ['select * from d limit 5, -1', /expected an offset/],
    ['delete from d', /at 1:1: expected SELECT or FROM but found 'delete'/],
    ['', /expected SELECT or FROM but found end of input/],
  ];
  for (const [src, re] of stmtCases) t.throws(() => parseStatements(src), { code: 'SVCQL_SYNTAX', message: re }, src);
});

t.test('bounded input', async (t) => {
  t.throws(() => parseExpression(`a = '${'x'.repeat(limits.maxQueryChars)}'`), { code: 'SVCQL_LIMIT' });
  t.throws(() => parseExpression(`a IN (${Array.from({ length: limits.maxTokens }, (_, i) => i).join(',')})`), { code: 'SVCQL_LIMIT' });
  t.throws(() => parseExpression(`${'('.repeat(200)}a = 1${')'.repeat(200)}`), { code: 'SVCQL_LIMIT', message: /nesting/ });
  t.throws(() => parseExpression(`${'NOT '.repeat(200)}a = 1`), { code: 'SVCQL_LIMIT' });
  t.throws(() => parseExpression(`${'ifnull('.repeat(100)}a${', 1)'.repeat(100)} = 1`), { code: 'SVCQL_LIMIT' });
  t.throws(() => parseStatements('from devices;'.repeat(limits.maxStatements + 1)), { code: 'SVCQL_LIMIT' });
  t.ok(parseExpression(`${'('.repeat(30)}a = 1${')'.repeat(30)}`));
});
