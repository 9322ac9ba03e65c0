/**
 * The preview bridge protocol: one module of message types, limits and guards used by both
 * sides.
 *
 * Three documents take part. The host page owns an outer "shell" frame; the shell holds the
 * inner frame with the compiled document, whose first script is the bridge. The bridge's first
 * act is a `hello` to the shell carrying one port of a fresh `MessageChannel`; the shell hands
 * that port to the host (`channel`) and from then on every bridge message travels on the port,
 * which preview code never sees. Over the port the frame posts `ready`, `error`, `console`,
 * `selection`, `escape`, `capped`, `failed` and `fetch` (a workspace path preview code fetched);
 * the host posts `styles`, `picker` and `file` (that file's body). No message preview code can read carries a secret,
 * and file bodies only travel into the frame. The shell also tells the host when the inner frame loaded a second document
 * (`left`) or loaded without a bridge (`missing`). A reload reuses a shell whose script runs:
 * the host posts it the next page (`load`) and the shell replaces its inner frame.
 */

import type { PreviewSelection } from '../../runtime/preview/index.js';
import { isPlainObject } from '../../runtime/protocol/index.js';

export type { PreviewSelection };

/** The `type` of every message between the host, the preview shell and the bridge script. */
export const PREVIEW_MESSAGE_TYPES = {
  hello: 'context-action.preview.hello',
  channel: 'context-action.preview.channel',
  link: 'context-action.preview.link',
  sealed: 'context-action.preview.sealed',
  load: 'context-action.preview.load',
  left: 'context-action.preview.left',
  blocked: 'context-action.preview.blocked',
  missing: 'context-action.preview.missing',
  ready: 'context-action.preview.ready',
  error: 'context-action.preview.error',
  failed: 'context-action.preview.failed',
  console: 'context-action.preview.console',
  selection: 'context-action.preview.selection',
  escape: 'context-action.preview.escape',
  capped: 'context-action.preview.capped',
  styles: 'context-action.preview.styles',
  picker: 'context-action.preview.picker',
  fetch: 'context-action.preview.fetch',
  file: 'context-action.preview.file',
} as const;

/**
 * Bounds the frame applies before posting, and the host checks again on receipt. Traffic is
 * counted per revision: messages, and bytes as UTF-16 (two per character of text sent).
 */
export const PREVIEW_MESSAGE_LIMITS = {
  errorMessageChars: 1000,
  consoleArguments: 10,
  consoleArgumentChars: 1000,
  selectionHtmlChars: 2000,
  selectorChars: 500,
  fetchPathChars: 1024,
  messagesPerRevision: 1000,
  bytesPerRevision: 1_048_576,
} as const;

/** The console method a preview message came from. */
export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** What the bridge posts on its private port. */
export type FrameMessage = { revision: number } & (
  | { type: typeof PREVIEW_MESSAGE_TYPES.ready }
  | { type: typeof PREVIEW_MESSAGE_TYPES.error; message: string }
  | { type: typeof PREVIEW_MESSAGE_TYPES.failed; message: string }
  | { type: typeof PREVIEW_MESSAGE_TYPES.console; level: ConsoleLevel; args: string[] }
  | { type: typeof PREVIEW_MESSAGE_TYPES.selection; selection: PreviewSelection }
  | { type: typeof PREVIEW_MESSAGE_TYPES.escape }
  /** The document or a frame nested in it tried to navigate (or held a frame nobody watched). */
  | { type: typeof PREVIEW_MESSAGE_TYPES.blocked }
  | { type: typeof PREVIEW_MESSAGE_TYPES.capped; messages: number; bytes: number }
  | { type: typeof PREVIEW_MESSAGE_TYPES.fetch; id: number; path: string }
);

/** What the host posts on the port. */
export type HostMessage =
  | { type: typeof PREVIEW_MESSAGE_TYPES.styles; revision: number; sheets: string[] }
  | { type: typeof PREVIEW_MESSAGE_TYPES.picker; enabled: boolean }
  /** The body of a fetched workspace file; `null` when it no longer exists. */
  | {
      type: typeof PREVIEW_MESSAGE_TYPES.file;
      id: number;
      body: string | Blob | null;
      mimeType: string;
    };

/**
 * The shell's first and only window message to the host: carries the port of all the rest, and
 * the build of its script (a served shell of another version is not used).
 */
export type ShellLinkMessage = {
  type: typeof PREVIEW_MESSAGE_TYPES.link;
  id: number;
  build: string;
};

/** What the shell posts to the host on its port, naming the load it is about. */
export type ShellMessage =
  | {
      type:
        | typeof PREVIEW_MESSAGE_TYPES.channel
        | typeof PREVIEW_MESSAGE_TYPES.left
        | typeof PREVIEW_MESSAGE_TYPES.missing;
      id: number;
    }
  /** A served shell's probe: whether a `Connection-Allowlist` refused its own address. */
  | { type: typeof PREVIEW_MESSAGE_TYPES.sealed; id: number; sealed: boolean };

/**
 * What the host posts to a shell that is ready: the next page to load in a fresh inner frame.
 * The page travels as UTF-8 bytes whose buffer is transferred: a string of a large page costs
 * the shell milliseconds to deserialize, the bytes a move and a fast decode.
 */
export interface ShellLoadMessage {
  type: typeof PREVIEW_MESSAGE_TYPES.load;
  id: number;
  nonce: string;
  page: Uint8Array;
}

const CONSOLE_LEVELS = new Set<string>(['log', 'info', 'warn', 'error', 'debug']);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Validates a message from the bridge's port: shape, type and bounds. */
export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!isPlainObject(data) || typeof data.type !== 'string' || !isCount(data.revision))
    return false;
  const limits = PREVIEW_MESSAGE_LIMITS;
  switch (data.type) {
    case PREVIEW_MESSAGE_TYPES.ready:
    case PREVIEW_MESSAGE_TYPES.escape:
    case PREVIEW_MESSAGE_TYPES.blocked:
      return true;
    case PREVIEW_MESSAGE_TYPES.error:
    case PREVIEW_MESSAGE_TYPES.failed:
      return typeof data.message === 'string' && data.message.length <= limits.errorMessageChars;
    case PREVIEW_MESSAGE_TYPES.capped:
      return isCount(data.messages) && isCount(data.bytes);
    case PREVIEW_MESSAGE_TYPES.console:
      return (
        typeof data.level === 'string' &&
        CONSOLE_LEVELS.has(data.level) &&
        Array.isArray(data.args) &&
        data.args.length <= limits.consoleArguments &&
        data.args.every(
          (arg) => typeof arg === 'string' && arg.length <= limits.consoleArgumentChars,
        )
      );
    case PREVIEW_MESSAGE_TYPES.selection:
      return isSelection(data.selection);
    case PREVIEW_MESSAGE_TYPES.fetch:
      return (
        isCount(data.id) &&
        typeof data.path === 'string' &&
        data.path.length <= limits.fetchPathChars
      );
    default:
      return false;
  }
}

/** The UTF-16 size of the text a frame message carries, as counted against the byte cap. */
export function frameMessageBytes(message: FrameMessage): number {
  switch (message.type) {
    case PREVIEW_MESSAGE_TYPES.console:
      return message.args.reduce((sum, arg) => sum + arg.length * 2, 0);
    case PREVIEW_MESSAGE_TYPES.selection:
      return (message.selection.html.length + message.selection.selector.length) * 2;
    case PREVIEW_MESSAGE_TYPES.error:
    case PREVIEW_MESSAGE_TYPES.failed:
      return message.message.length * 2;
    case PREVIEW_MESSAGE_TYPES.fetch:
      return message.path.length * 2;
    default:
      return 0;
  }
}

function isSelection(value: unknown): value is PreviewSelection {
  if (!isPlainObject(value)) return false;
  const { selector, tagName, html, styles, rect, viewport } = value;
  return (
    typeof selector === 'string' &&
    selector.length <= PREVIEW_MESSAGE_LIMITS.selectorChars &&
    typeof tagName === 'string' &&
    tagName.length <= 100 &&
    typeof html === 'string' &&
    html.length <= PREVIEW_MESSAGE_LIMITS.selectionHtmlChars &&
    isPlainObject(styles) &&
    Object.values(styles).every((style) => typeof style === 'string' && style.length <= 200) &&
    isNumbers(rect, 4) &&
    isNumbers(viewport, 5)
  );
}

const isNumbers = (value: unknown, count: number): boolean =>
  isPlainObject(value) &&
  Object.keys(value).length === count &&
  Object.values(value).every((item) => typeof item === 'number' && Number.isFinite(item));
