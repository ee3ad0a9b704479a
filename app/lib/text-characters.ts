/**
 * Control characters no reader types: C0 but tab and line breaks, and DEL. PostgreSQL cannot
 * store NUL in text at all (a query with one fails), and the others are at best invisible.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
