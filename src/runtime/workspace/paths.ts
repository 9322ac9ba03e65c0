/**
 * Workspace path canonicalisation (W4). A path either names exactly one workspace file in
 * canonical form (`dir/name.ext`, forward slashes, no `.` segments, Unicode NFC) or is rejected:
 * nothing is silently rewritten onto another file, and nothing can leave the workspace root.
 * NFC makes the composed and decomposed spellings of `café.txt` one name (docs/workspace-names.md).
 */
import type { Outcome } from '../protocol/errors.js';
import {
  WORKSPACE_ERROR_CODES,
  WORKSPACE_PATH_LIMIT,
  WORKSPACE_SEGMENT_LIMIT,
  workspaceError,
} from './codes.js';
import { compatibilityForm } from './names.js';

/** Why a path was rejected, as a stable word in the error's details. */
export type WorkspacePathProblem =
  | 'not-a-string'
  | 'empty'
  | 'control-character'
  | 'format-character'
  | 'reserved-character'
  | 'absolute'
  | 'directory'
  | 'parent-traversal'
  | 'encoded-traversal'
  | 'look-alike-traversal'
  | 'trailing-dot-or-space'
  | 'too-long';

// Controls (NUL included) and Unicode format characters (zero-width, bidi overrides) make two
// different names look identical, so neither may appear in a path.
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
const FORMAT = /\p{Cf}/u;
// Reserved on Windows; `:` also marks drive letters and URL schemes.
const RESERVED = /[<>:"|?*]/;
// eslint-disable-next-line no-control-regex -- NUL is what this looks for.
const SEPARATOR_OR_NUL = /[/\\\u0000]/;

function rejected(
  problem: WorkspacePathProblem,
  input: unknown,
  operation: string,
): Outcome<string> {
  const shown = typeof input === 'string' ? input.slice(0, 120) : typeof input;
  return {
    ok: false,
    error: workspaceError(
      WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID,
      `Invalid workspace path (${problem}).`,
      { operation, path: shown, problem },
    ),
  };
}

function decodeSegment(segment: string): string {
  // Without a `%` there is nothing to decode.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isTraversalName(name: string): boolean {
  return name === '.' || name === '..' || SEPARATOR_OR_NUL.test(name);
}

function segmentProblem(segment: string): WorkspacePathProblem | null {
  if (segment === '..') return 'parent-traversal';
  if (segment.length > WORKSPACE_SEGMENT_LIMIT) return 'too-long';
  if (isTraversalName(decodeSegment(segment))) return 'encoded-traversal';
  if (isTraversalName(compatibilityForm(segment))) return 'look-alike-traversal';
  // Windows drops trailing dots and spaces, which would write `a.html.` onto `a.html`.
  if (/[. ]$/.test(segment)) return 'trailing-dot-or-space';
  return null;
}

/** Canonicalises a workspace file path or returns `WORKSPACE_PATH_INVALID`. */
export function normalizeWorkspacePath(raw: unknown, operation = 'path'): Outcome<string> {
  if (typeof raw !== 'string') return rejected('not-a-string', raw, operation);
  const input = raw.normalize('NFC');
  if (CONTROL.test(input)) return rejected('control-character', input, operation);
  if (FORMAT.test(input)) return rejected('format-character', input, operation);
  if (RESERVED.test(input)) return rejected('reserved-character', input, operation);
  const slashed = input.replace(/\\/g, '/');
  if (slashed.startsWith('/')) return rejected('absolute', input, operation);
  if (slashed.endsWith('/')) return rejected('directory', input, operation);
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    const problem = segmentProblem(segment);
    if (problem) return rejected(problem, input, operation);
    segments.push(segment);
  }
  if (segments.length === 0) return rejected('empty', input, operation);
  const path = segments.join('/');
  if (path.length > WORKSPACE_PATH_LIMIT) return rejected('too-long', input, operation);
  return { ok: true, value: path };
}

/**
 * Resolves a reference found in workspace source (`href`, `src`, `@import`) against the file
 * that contains it. References are URL-decoded first (W4), so `my%20page.css` finds
 * `my page.css`; `..` may climb inside the workspace but never above its root.
 */
export function resolveWorkspaceReference(fromPath: string, reference: string): string | null {
  const clean = reference.split(/[?#]/, 1)[0] ?? '';
  if (clean === '' || /^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith('//')) return null;
  const decoded = decodeSegment(clean).replace(/\\/g, '/');
  if (decoded.includes('\u0000')) return null;
  const base = decoded.startsWith('/') ? [] : fromPath.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (base.length === 0) return null;
      base.pop();
    } else base.push(segment);
  }
  const joined = base.join('/');
  const normalized = normalizeWorkspacePath(joined);
  return normalized.ok ? normalized.value : null;
}
