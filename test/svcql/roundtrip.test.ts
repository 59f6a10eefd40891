import t from 'tap';
import { parseExpression, parseStatement, printExpression, printStatement } from '../../svcql/index.js';
import { Gen, rng } from './gen.js';

t.test('parse(print(expr)) gives the same AST', async (t) => {
  const g = new Gen(rng(1234));
  let failures = 0;
  for (let i = 0; i < 3000; i++) {
    const ast = g.expr();
    const text = printExpression(ast);
    let back: unknown;
    try { back = parseExpression(text); } catch (e) { back = e; }
    if (JSON.stringify(back) !== JSON.stringify(ast)) {
      failures++;
      if (failures < 5) t.strictSame(back, ast, text);
    }
  }
  t.equal(failures, 0, 'every generated expression round-trips');
});

t.test('parse(print(statement)) gives the same AST', async (t) => {
  const g = new Gen(rng(99));
  let failures = 0;
  for (let i = 0; i < 2000; i++) {
    const ast = g.statement();
    const text = printStatement(ast);
    let back: unknown;
    try { back = parseStatement(text); } catch (e) { back = e; }
    if (JSON.stringify(back) !== JSON.stringify(ast)) {
      failures++;
      if (failures < 5) t.strictSame(back, ast, text);
    }
  }
  t.equal(failures, 0, 'every generated statement round-trips');
});
