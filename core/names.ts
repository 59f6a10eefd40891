/** Checks shared by every name the server takes from a user or a file. */

/** C0 controls and DEL: never part of a name (a log line, a list or an index key would be disturbed). */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A variable name: a word of letters, digits and `_` (not starting with a digit), at most 100 characters. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/**
 * A device tag given by an operator or an external system: `Facet.Word` — a facet of letters, digits
 * and `_` (starting with a letter), a dot, then a word without spaces or control characters (the word
 * is everything after the first dot, as svcql/tag-set.ts reads it); at most 200 characters.
 */
export const DEVICE_TAG = /^(?=.{3,200}$)[A-Za-z][A-Za-z0-9_]*\.[^\s\u0000-\u001f\u007f]+$/;
