/** Schema issues as tool errors carry them: path, code and message, bounded; never input values. */
import type { z } from 'zod';

const MAX_ISSUES = 20;
const MAX_MESSAGE = 200;

export interface ToolValidationIssue {
  path: string;
  code: string;
  message: string;
}

export function validationIssues(error: z.ZodError): ToolValidationIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: String(issue.code),
    message: issue.message.slice(0, MAX_MESSAGE),
  }));
}
