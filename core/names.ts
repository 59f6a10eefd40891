/** Checks shared by every name the server takes from a user or a file. */

/** C0 controls and DEL: never part of a name (a log line, a list or an index key would be disturbed). */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A variable name: a word of letters, digits and `_` (not starting with a digit), at most 100 characters. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
