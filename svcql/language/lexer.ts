import { limits } from './limits.js';
import { limitError, syntaxError, type Position } from './errors.js';

/**
 * Token kinds:
 * - `ident`: a plain identifier `[A-Za-z_][A-Za-z0-9_]*` (keyword, column, function or bareword value);
 * - `bare`: a bareword that is not an identifier nor a number (`dfw3-dr01`, `10.1.0.0/16`, `now-6h`);
 * - `number`, `string` ('…' or "…"), `quotedIdent` (`…`);
 * - `op`: = != <> < <= > >= << ; `punct`: ( ) , * ;
 * - `eof`.
 */
export type TokenKind = 'ident' | 'bare' | 'number' | 'string' | 'quotedIdent' | 'op' | 'punct' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** The source text of the token (for errors and keywords). */
  readonly text: string;
  /** The decoded value: string content, identifier name, or the number's text. */
  readonly value: string;
  readonly pos: Position;
}

const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAlnum = (c: string): boolean =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c === '_';
/** Characters a bareword may start with (besides `-`/`.`/`+` before a digit). */
const isBareStart = (c: string): boolean => isAlnum(c) || c === '$' || c === '@' || c === ':' || c === '/' || c === '%';
/** Characters a bareword may continue with. */
const isBareChar = (c: string): boolean =>
  isBareStart(c) || c === '-' || c === '.' || c === '+';

export const isIdentifier = (s: string): boolean => IDENT_RE.test(s);
export const isNumberText = (s: string): boolean => NUMBER_RE.test(s);

/**
 * Splits a query into tokens. Throws SVCQL_SYNTAX on an unterminated quote or a stray character,
 * SVCQL_LIMIT when the text or the token count exceeds limits.ts. The last token is `eof`.
 */
export function tokenize(src: string): Token[] {
  if (src.length > limits.maxQueryChars) {
    throw limitError(`query is ${src.length} characters long, the maximum is ${limits.maxQueryChars}`);
  }
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = src.length;
  const here = (at: number): Position => ({ line, col: at - lineStart + 1, offset: at });
  const push = (kind: TokenKind, text: string, value: string, start: Position): void => {
    if (out.length >= limits.maxTokens) throw limitError(`more than ${limits.maxTokens} tokens`, start);
    out.push({ kind, text, value, pos: start });
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '\n') { i++; line++; lineStart = i; continue; }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') { i++; continue; }
    const start = here(i);
    if (c === "'" || c === '"' || c === '`') {
      // Quoted: the quote char doubled, or preceded by a backslash, stands for itself; `\\` is one
      // backslash; any other backslash is kept (so regexps like '\d+' need no doubling).
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        const d = src[j]!;
        if (d === '\\' && c !== '`' && j + 1 < n && (src[j + 1] === c || src[j + 1] === '\\')) {
          value += src[j + 1];
          j += 2;
          continue;
        }
        if (d === c) {
          if (src[j + 1] === c) { value += c; j += 2; continue; }
          closed = true;
          j++;
          break;
        }
        if (d === '\n') { line++; lineStart = j + 1; }
        value += d;
        j++;
      }
      if (!closed) throw syntaxError(start, `unterminated ${c === '`' ? 'quoted name' : 'string'} starting with ${c}`);
      push(c === '`' ? 'quotedIdent' : 'string', src.slice(i, j), value, start);
      i = j;
      continue;
    }
    const next = src[i + 1] ?? '';
    const signedNumber = (c === '-' || c === '+' || c === '.') && (isDigit(next) || (c !== '.' && next === '.' && isDigit(src[i + 2] ?? '')));
    if (isBareStart(c) || signedNumber) {
      let j = i + 1;
      while (j < n && isBareChar(src[j]!)) j++;
      const text = src.slice(i, j);
      const kind: TokenKind = NUMBER_RE.test(text) ? 'number' : IDENT_RE.test(text) ? 'ident' : 'bare';
      push(kind, text, text, start);
      i = j;
      continue;
    }
    if (c === '<' || c === '>' || c === '=' || c === '!') {
      let op: string;
      if (c === '<' && (next === '=' || next === '>' || next === '<')) op = c + next;
      else if ((c === '>' || c === '!' || c === '=') && next === '=') op = c + next;
      else if (c === '!') throw syntaxError(start, `unexpected character '!' (did you mean '!='?)`);
      else op = c;
      push('op', op, op === '==' ? '=' : op === '<>' ? '!=' : op, start);
      i += op.length;
      continue;
    }
    if (c === '(' || c === ')' || c === ',' || c === '*' || c === ';') {
      push('punct', c, c, start);
      i++;
      continue;
    }
    throw syntaxError(start, `unexpected character ${JSON.stringify(c)}`);
  }
  out.push({ kind: 'eof', text: '', value: '', pos: here(i) });
  return out;
}
