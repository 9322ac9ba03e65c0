/** Schema issues as tool errors carry them: path, code and message, bounded; never input values. */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

const MAX_ISSUES = 20;
const MAX_MESSAGE = 200;

/**
 * One schema issue in a validation error: where, which rule, and a message, never the input value.
 */
export interface ToolValidationIssue {
  path: string;
  code: string;
  message: string;
}

/**
 * Parses `value` with any zod 4 schema, ours (zod/mini) or a caller's (classic zod). zod/mini
 * installs no locale, so this installs English, as classic zod does, unless one is set: issue
 * messages stay the ones tool errors have always carried.
 */
export function safeParse<T extends z.core.$ZodType>(schema: T, value: unknown) {
  if (!z.config().localeError) z.config(en());
  return z.safeParse(schema, value);
}

export function validationIssues(error: z.core.$ZodError): ToolValidationIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: String(issue.code),
    message: issue.message.slice(0, MAX_MESSAGE),
  }));
}
