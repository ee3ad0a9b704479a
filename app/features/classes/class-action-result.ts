/** What the class page's action answers: read by the page and by its comments' forms. */
export type ClassActionResult = {
  intent: string;
  studentId?: string;
  fieldErrors?: Partial<Record<string, string>>;
  lineErrors?: { line: number; text: string; error: string }[];
  /** Lines that look like a real full name, until the teacher confirms them. */
  lineWarnings?: { line: number; text: string }[];
  formError?: string;
  sent?: { roster?: string };
  /** A decision on comments, taken in place: what to say, and on which. */
  notice?: string;
  commentIds?: string[];
};
