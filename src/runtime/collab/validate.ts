/**
 * Checks an incoming Yjs update before a server applies it: it must decode, and every item it adds
 * at the top level must belong to one of the workspace document's roots.
 */
import * as Y from 'yjs';
import { WORKSPACE_DOC_ROOTS } from './shape.js';

const ROOTS = new Set<string>(WORKSPACE_DOC_ROOTS);

/** Why an update is not one of ours, or `undefined` when it may be applied. */
export function workspaceUpdateProblem(update: Uint8Array): string | undefined {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return 'the update does not decode';
  }
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue;
    // A top-level item names its root by a string; nested items point at their parent's id.
    const parent = struct.parent as unknown;
    if (typeof parent === 'string' && !ROOTS.has(parent))
      return `the update writes a root the workspace has no use for: ${parent.slice(0, 40)}`;
  }
  return undefined;
}
