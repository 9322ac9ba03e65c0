/**
 * Starter files: the files a page gives a studio in its markup (`<script type="ca-file">`,
 * `<template data-path>`) or through a same-origin `project.json` manifest. They are checked with
 * the workspace's own path and size limits, and hashed so a revisit can tell whether the page's
 * starter files changed since the workspace was seeded from them.
 */
import {
  toolError,
  type Outcome,
  type ToolCallError,
  isPlainObject,
  sha256Hex,
} from '../runtime/protocol/index.js';
import {
  WORKSPACE_SOURCE_LIMIT,
  workspaceFileKind,
  lookAlikeKey,
  normalizeWorkspacePath,
  type WorkspaceSeedFile,
  type WorkspaceFile,
} from '../runtime/workspace/index.js';
import { DEFAULT_FOLDER_IMPORT_LIMITS } from '../storage/folder/default-import-limits.js';

/** Why a page's starter files were refused, by name. */
export const STARTER_ERROR_CODES = {
  /** A path the workspace refuses (`..`, absolute, NUL …); details carry the path's problem. */
  STARTER_PATH_INVALID: 'STARTER_PATH_INVALID',
  /** Two files with the same path, or paths that only differ in case or look-alike forms. */
  STARTER_PATH_DUPLICATE: 'STARTER_PATH_DUPLICATE',
  /** Not a text type the editor opens (html, css, js, mjs, jsx, ts, mts, tsx, json, md, txt). */
  STARTER_FILE_UNSUPPORTED: 'STARTER_FILE_UNSUPPORTED',
  /** Over the workspace's 80,000-character limit on one text (W5). */
  STARTER_FILE_TOO_LARGE: 'STARTER_FILE_TOO_LARGE',
  /** More files than a folder import may bring. */
  STARTER_FILES_TOO_MANY: 'STARTER_FILES_TOO_MANY',
  /** The `src` manifest: not same-origin, not fetched, not JSON, or not `{ files: [...] }`. */
  STARTER_MANIFEST_FAILED: 'STARTER_MANIFEST_FAILED',
} as const;

const CODES = STARTER_ERROR_CODES;

/** The most starter files a page may give, the same as a folder import allows. */
export const STARTER_FILE_LIMIT = DEFAULT_FOLDER_IMPORT_LIMITS.maxFiles;

/** One starter file as the page wrote it; nothing about it is trusted yet. */
export interface RawStarterFile {
  path: unknown;
  text: unknown;
}

/** Checks every file; the first problem refuses the whole set, so nothing half-applies. */
export function validateStarterFiles(
  files: readonly RawStarterFile[],
): Outcome<WorkspaceSeedFile[]> {
  const fail = (code: string, message: string, details?: Record<string, unknown>) => ({
    ok: false as const,
    error: toolError(code, message, false, details),
  });
  if (files.length > STARTER_FILE_LIMIT) {
    return fail(
      CODES.STARTER_FILES_TOO_MANY,
      `${files.length} starter files; at most ${STARTER_FILE_LIMIT}.`,
      {
        count: files.length,
        limit: STARTER_FILE_LIMIT,
      },
    );
  }
  const seen = new Map<string, string>();
  const valid: WorkspaceSeedFile[] = [];
  for (const file of files) {
    const path = normalizeWorkspacePath(file.path, 'starter file');
    const shown = String(file.path).slice(0, 120);
    if (!path.ok) {
      return fail(CODES.STARTER_PATH_INVALID, `Starter file path "${shown}" is not allowed.`, {
        path: shown,
        ...path.error.details,
      });
    }
    const key = lookAlikeKey(path.value);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      return fail(CODES.STARTER_PATH_DUPLICATE, `Starter file "${path.value}" is given twice.`, {
        path: path.value,
        earlier,
      });
    }
    seen.set(key, path.value);
    if (workspaceFileKind(path.value) !== 'text') {
      return fail(
        CODES.STARTER_FILE_UNSUPPORTED,
        `Starter file "${path.value}" is not a text file the editor opens.`,
        {
          path: path.value,
        },
      );
    }
    if (typeof file.text !== 'string' || file.text.length > WORKSPACE_SOURCE_LIMIT) {
      return fail(
        CODES.STARTER_FILE_TOO_LARGE,
        `Starter file "${path.value}" is over the ${WORKSPACE_SOURCE_LIMIT}-character limit.`,
        { path: path.value, limit: WORKSPACE_SOURCE_LIMIT },
      );
    }
    valid.push({ path: path.value, text: file.text });
  }
  return { ok: true, value: valid };
}

/** SHA-256 of the files as canonical JSON (sorted by path), so order in the markup is irrelevant. */
export function hashStarterFiles(files: readonly WorkspaceSeedFile[]): Promise<string> {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return sha256Hex(JSON.stringify(sorted.map(({ path, text }) => [path, text])));
}

/** The workspace's text files in the same canonical form, to compare with a starter hash. */
export function hashWorkspaceFiles(files: readonly WorkspaceFile[]): Promise<string> {
  return hashStarterFiles(
    files.flatMap((file) => (file.kind === 'text' ? [{ path: file.path, text: file.text }] : [])),
  );
}

const manifestError = (message: string, details?: Record<string, unknown>): ToolCallError =>
  toolError(CODES.STARTER_MANIFEST_FAILED, message, false, details);

/**
 * Fetches a `project.json` manifest, `{ "files": [{ "path": "index.html", "text": "…" }] }`,
 * from the page's own origin only. Never rejects.
 */
export async function fetchStarterManifest(
  src: string,
  base: string,
  signal?: AbortSignal,
): Promise<Outcome<RawStarterFile[]>> {
  let url: URL;
  try {
    url = new URL(src, base);
  } catch {
    return { ok: false, error: manifestError(`Starter manifest "${src}" is not a URL.`, { src }) };
  }
  if (url.origin !== new URL(base).origin) {
    return {
      ok: false,
      error: manifestError(`Starter manifest ${url.href} is not on this page's origin.`, { src }),
    };
  }
  let body: unknown;
  try {
    const response = await fetch(url, { signal: signal ?? null, credentials: 'same-origin' });
    if (!response.ok) {
      return {
        ok: false,
        error: manifestError(`Starter manifest ${url.pathname} answered HTTP ${response.status}.`, {
          src,
          status: response.status,
        }),
      };
    }
    body = await response.json();
  } catch (cause) {
    return {
      ok: false,
      error: manifestError(`Starter manifest ${url.pathname} could not be read: ${String(cause)}`, {
        src,
      }),
    };
  }
  const files = isPlainObject(body) ? body.files : undefined;
  if (!Array.isArray(files) || !files.every(isPlainObject)) {
    return {
      ok: false,
      error: manifestError(
        `Starter manifest ${url.pathname} is not { "files": [{ path, text }] }.`,
        {
          src,
        },
      ),
    };
  }
  return { ok: true, value: files.map((file) => ({ path: file.path, text: file.text })) };
}

const hashKey = (workspace: string) => `context-action.starter-hash.${workspace}`;

/**
 * The starter hash a workspace was last seeded or reset from. It lives in `localStorage`
 * beside the IndexedDB workspace of the same name; `null` when unknown or unavailable.
 */
export function readStarterHash(workspace: string): string | null {
  try {
    return localStorage.getItem(hashKey(workspace));
  } catch {
    return null;
  }
}

/**
 * Remembers which starter files a workspace was seeded from, so a revisit can tell whether they
 * changed.
 */
export function writeStarterHash(workspace: string, hash: string): void {
  try {
    localStorage.setItem(hashKey(workspace), hash);
  } catch {
    // Without storage every visit looks like a first one: the notice may repeat, nothing is lost.
  }
}
