/**
 * Control characters in text that came from outside (SNMP agents, users, configs): C0 (U+0000–U+001F,
 * CR and LF included), DEL, C1 (U+0080–U+009F, NEL included) and the Unicode line and paragraph
 * separators (U+2028, U+2029). None of them may reach a log line, a journal entry or an e-mail as
 * itself: a line feed in a value would start a line of its own (a forged log entry or header).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** `s` with every control character written as a visible escape: `\n`, `\r`, `\t`, else `\u00XX` / `\u2028`. */
export function escapeControlChars(s: string): string {
  if (!HAS_CONTROL.test(s)) return s;
  return s.replace(CONTROLS, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** `s` with every run of control characters replaced by one space (display text of a record). */
export function dropControlChars(s: string): string {
  return HAS_CONTROL.test(s) ? s.replace(CONTROL_RUNS, ' ') : s;
}
