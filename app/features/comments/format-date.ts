import { formatDateTime } from "../../lib/dates.ts";

/** SPEC.md §9: a comment's date, es-ES with day, long month, year, hour and minute. */
export const formatCommentDate = (iso: string) => formatDateTime(iso);
