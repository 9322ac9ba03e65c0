/**
 * The preview bridge protocol: one module of message types and guards used by both sides. The
 * frame's bridge posts `ready`, `error`, `console`, `selection` and `escape`; the parent posts
 * `styles` (in-place stylesheet update) and `picker`. Every message carries the document's
 * secret token, which only the bridge and the parent know, and the revision it is about.
 */

import type { PreviewSelection } from '../../runtime/tools/preview/selection.js';

export type { PreviewSelection };

export const PREVIEW_MESSAGE_TYPES = {
  ready: 'context-action.preview.ready',
  error: 'context-action.preview.error',
  console: 'context-action.preview.console',
  selection: 'context-action.preview.selection',
  escape: 'context-action.preview.escape',
  styles: 'context-action.preview.styles',
  picker: 'context-action.preview.picker',
} as const;

/** Bounds the frame applies before posting, and the parent checks again on receipt. */
export const PREVIEW_MESSAGE_LIMITS = {
  errorMessageChars: 1000,
  consoleArguments: 10,
  consoleArgumentChars: 1000,
  consoleMessagesPerDocument: 500,
  selectionHtmlChars: 2000,
  selectorChars: 500,
} as const;

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

interface Envelope {
  token: string;
  revision: number;
}

export type FrameMessage = Envelope &
  (
    | { type: typeof PREVIEW_MESSAGE_TYPES.ready }
    | { type: typeof PREVIEW_MESSAGE_TYPES.error; message: string }
    | { type: typeof PREVIEW_MESSAGE_TYPES.console; level: ConsoleLevel; args: string[] }
    | { type: typeof PREVIEW_MESSAGE_TYPES.selection; selection: PreviewSelection }
    | { type: typeof PREVIEW_MESSAGE_TYPES.escape }
  );

export type ParentMessage = Envelope &
  (
    | { type: typeof PREVIEW_MESSAGE_TYPES.styles; sheets: string[] }
    | { type: typeof PREVIEW_MESSAGE_TYPES.picker; enabled: boolean }
  );

const CONSOLE_LEVELS = new Set<string>(['log', 'info', 'warn', 'error', 'debug']);
const FRAME_TYPES = new Set<string>([
  PREVIEW_MESSAGE_TYPES.ready,
  PREVIEW_MESSAGE_TYPES.error,
  PREVIEW_MESSAGE_TYPES.console,
  PREVIEW_MESSAGE_TYPES.selection,
  PREVIEW_MESSAGE_TYPES.escape,
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Validates an untrusted message from the frame: shape, type and bounds. */
export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!isRecord(data) || typeof data.type !== 'string' || !FRAME_TYPES.has(data.type)) return false;
  if (typeof data.token !== 'string' || !isCount(data.revision)) return false;
  const limits = PREVIEW_MESSAGE_LIMITS;
  switch (data.type) {
    case PREVIEW_MESSAGE_TYPES.error:
      return typeof data.message === 'string' && data.message.length <= limits.errorMessageChars;
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
    default:
      return true;
  }
}

function isSelection(value: unknown): value is PreviewSelection {
  if (!isRecord(value)) return false;
  const { selector, tagName, html, styles, rect, viewport } = value;
  return (
    typeof selector === 'string' &&
    selector.length <= PREVIEW_MESSAGE_LIMITS.selectorChars &&
    typeof tagName === 'string' &&
    tagName.length <= 100 &&
    typeof html === 'string' &&
    html.length <= PREVIEW_MESSAGE_LIMITS.selectionHtmlChars &&
    isRecord(styles) &&
    Object.values(styles).every((style) => typeof style === 'string' && style.length <= 200) &&
    isNumbers(rect, 4) &&
    isNumbers(viewport, 5)
  );
}

const isNumbers = (value: unknown, count: number): boolean =>
  isRecord(value) &&
  Object.keys(value).length === count &&
  Object.values(value).every((item) => typeof item === 'number' && Number.isFinite(item));
