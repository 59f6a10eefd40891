import { limits } from './limits.js';
import { limitError, syntaxError, type Position } from './errors.js';

/**
 * Token kinds:
 * - `ident`: a plain identifier `[A-Za-z_][A-Za-z0-9_]*` (keyword, column, function or bareword value);
 * - `bare`: a bareword that is not an identifier nor a number (`dfw3-dr01`, `10.1.0.0/16`, `now-6h`);
 * - `number`, `string` ('…' or "…"), `quotedIdent` (`…`);
 * - `op`: = != <> < <= > >= << ; `punct`: ( ) , * ;
 * - `eof`.
 *
 * The `arithmetic` grammar (the expressions of derived variables, ../derived-expr.ts) has no
 * barewords, quotes or comparisons: `ident` (at most 64 characters), unsigned `number` (a letter,
 * digit or `.` right after one is a malformed number), `op` + - * /, `punct` ( ) , and `eof`.
 */
type TokenKind = 'ident' | 'bare' | 'number' | 'string' | 'quotedIdent' | 'op' | 'punct' | 'eof';

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

/** How `tokenize` reads a text; every field is optional (SvcQL's grammar and errors by default). */
interface LexOptions {
  /** `svcql` (the default) or `arithmetic` (see the token kinds above). */
  readonly grammar?: 'svcql' | 'arithmetic';
  /** Most tokens (default limits.maxTokens). */
  readonly maxTokens?: number;
  /**
   * The error of a lexical fault (`limit`: too long a text or too many tokens; `syntax`: anything
   * else) at `pos` (undefined for the text's length). Default: SvcQL's limitError and syntaxError.
   */
  readonly error?: (kind: 'syntax' | 'limit', message: string, pos: Position | undefined) => Error;
}

const svcqlError = (kind: 'syntax' | 'limit', message: string, pos: Position | undefined): Error =>
  kind === 'limit' ? limitError(message, pos) : syntaxError(pos!, message);

/** The unsigned number at the start of an arithmetic token (read within its first 64 characters). */
const ARITHMETIC_NUMBER_RE = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/;
/** Longest name of the arithmetic grammar. */
const ARITHMETIC_NAME_CHARS = 64;

/**
 * Splits a query into tokens. Throws SVCQL_SYNTAX on an unterminated quote or a stray character,
 * SVCQL_LIMIT when the text or the token count exceeds limits.ts (or the errors of `options.error`).
 * The last token is `eof`.
 */
export function tokenize(src: string, options: LexOptions = {}): Token[] {
  const arithmetic = options.grammar === 'arithmetic';
  const maxTokens = options.maxTokens ?? limits.maxTokens;
  const error = options.error ?? svcqlError;
  if (src.length > limits.maxQueryChars) {
    throw error('limit', `query is ${src.length} characters long, the maximum is ${limits.maxQueryChars}`, undefined);
  }
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = src.length;
  const here = (at: number): Position => ({ line, col: at - lineStart + 1, offset: at });
  const tooMany = (start: Position): Error => error('limit', `more than ${maxTokens} tokens`, start);
  const push = (kind: TokenKind, text: string, value: string, start: Position): void => {
    if (out.length >= maxTokens) throw tooMany(start);
    out.push({ kind, text, value, pos: start });
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '\n') { i++; line++; lineStart = i; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    // form feed and vertical tab separate SvcQL tokens only
    if (!arithmetic && (c === '\f' || c === '\v')) { i++; continue; }
    const start = here(i);
    const next = src[i + 1] ?? '';
    if (arithmetic) {
      // counted before the token is read: past the limit, the count is the fault, whatever follows
      if (out.length >= maxTokens) throw tooMany(start);
      if (isDigit(c) || (c === '.' && isDigit(next))) {
        const text = ARITHMETIC_NUMBER_RE.exec(src.slice(i, i + 64))![0];
        const j = i + text.length;
        const after = src[j] ?? '';
        if (isAlnum(after) || after === '.') throw error('syntax', `malformed number '${src.slice(i, j + 1)}'`, start);
        push('number', text, text, start);
        i = j;
        continue;
      }
      if (isAlnum(c)) {
        let j = i + 1;
        while (j < n && isAlnum(src[j]!)) j++;
        if (j - i > ARITHMETIC_NAME_CHARS) throw error('syntax', `a name is at most ${ARITHMETIC_NAME_CHARS} characters`, start);
        const text = src.slice(i, j);
        push('ident', text, text, start);
        i = j;
        continue;
      }
      if (c === '+' || c === '-' || c === '*' || c === '/') {
        push('op', c, c, start);
        i++;
        continue;
      }
      if (c === '(' || c === ')' || c === ',') {
        push('punct', c, c, start);
        i++;
        continue;
      }
      throw error('syntax', `unexpected character ${JSON.stringify(c)}`, start);
    }
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
      if (!closed) throw error('syntax', `unterminated ${c === '`' ? 'quoted name' : 'string'} starting with ${c}`, start);
      push(c === '`' ? 'quotedIdent' : 'string', src.slice(i, j), value, start);
      i = j;
      continue;
    }
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
      else if (c === '!') throw error('syntax', `unexpected character '!' (did you mean '!='?)`, start);
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
    throw error('syntax', `unexpected character ${JSON.stringify(c)}`, start);
  }
  out.push({ kind: 'eof', text: '', value: '', pos: here(i) });
  return out;
}
