/** One load of a compiled document into a shell frame, and what a load is built from. */
import { SHEET_ATTRIBUTE } from './compile-html.js';
import { sameFlatScripts, type PreviewDocument } from './compile.js';
import type { BridgeConfig } from './frame/config.js';
import { FRAME_GUARD_SOURCE } from './frame-sources.generated.js';
import { PREVIEW_MESSAGE_LIMITS, PREVIEW_MESSAGE_TYPES as TYPES } from './messages.js';
import { FrameTraffic } from './traffic.js';

/** One document loaded into a shell frame; `id` names it in the shell's messages. */
export interface FrameLoad {
  frame: HTMLIFrameElement;
  id: number;
  port: MessagePort | null;
  traffic: FrameTraffic;
  ended: boolean;
}

export const newFrameLoad = (frame: HTMLIFrameElement, id: number): FrameLoad => ({
  frame,
  id,
  port: null,
  traffic: new FrameTraffic(),
  ended: false,
});

/** A fresh nonce per load: the page's scripts and styles run only with it. */
export const newNonce = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** What the frame's bridge reads at start: the document's modules and what it may fetch. */
export const bridgeConfig = (
  document: PreviewDocument,
  nonce: string,
  revision: number,
): BridgeConfig => ({
  nonce,
  revision,
  modules: document.modules,
  flat: document.flat,
  origins: document.origins,
  fetchable: document.fetchable,
  entryPath: document.entryPath ?? '',
  siteImports: document.importMap && {
    imports: document.importMap.imports,
    scopes: document.importMap.scopes,
  },
  types: TYPES,
  limits: PREVIEW_MESSAGE_LIMITS,
  sheetAttribute: SHEET_ATTRIBUTE,
  guardSource: FRAME_GUARD_SOURCE,
  blockedType: TYPES.blocked,
});

/** Whether `b` differs from `a` only in stylesheets and data bodies: then it applies in place. */
export function sameShell(a: PreviewDocument, b: PreviewDocument): boolean {
  if (a.parts.length !== b.parts.length || a.parts.some((part, index) => part !== b.parts[index])) {
    return false;
  }
  // Bodies are served on request, so an edited data file needs no reload; a new or removed one
  // does, since the document lists the paths it may fetch.
  if (a.fetchable.join('\n') !== b.fetchable.join('\n')) return false;
  if (!sameFlatScripts(a.flat, b.flat)) return false;
  if (a.importMap !== b.importMap) return false;
  const keys = Object.keys(a.modules);
  if (keys.length !== Object.keys(b.modules).length) return false;
  return keys.every((key) => {
    const left = a.modules[key];
    const right = b.modules[key];
    return right !== undefined && left![0] === right[0] && left![1] === right[1];
  });
}
