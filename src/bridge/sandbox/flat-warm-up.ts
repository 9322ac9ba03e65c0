/**
 * The warm-up after a large module graph's first acknowledgement. The first show of such a graph
 * loads it natively while the flattener's chunk loads; the first edit would then run the parser
 * and flattener cold, and even a stylesheet-only edit would reload the frame, since the flat
 * document no longer matches the native one. So once the shown revision is acknowledged, the
 * host compiles the same files again with the flattener in idle time: the first edit finds the
 * compiler warm, and the flat document stands for the shown one (the frame runs the same code,
 * only loaded another way), so a stylesheet-only first edit applies in place.
 */
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import type { PreviewCompileLimits } from './compile-context.js';
import { compileDocument, type DocumentCompilers, type PreviewDocument } from './compile.js';
import { loadFlattener } from './load-flattener.js';

/** A revision shown natively only because the flattener was not loaded yet. */
export interface FlatWarmUp {
  revision: number;
  files: readonly WorkspaceFile[];
  assetUrls: ReadonlyMap<string, string>;
  limits: Partial<PreviewCompileLimits> | undefined;
  compilers: DocumentCompilers;
}

/** After the browser is idle; a task later where `requestIdleCallback` is missing (Safari). */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 1);
  });

/**
 * The flat document of `warmUp`'s files, compiled once the flattener is loaded and the browser
 * idle; null when the flattener failed to load, the graph stays native, or `stillShown()` says a
 * later revision replaced it meanwhile (nothing is compiled for nothing).
 */
export async function compileFlatWhenIdle(
  warmUp: FlatWarmUp,
  stillShown: () => boolean,
): Promise<PreviewDocument | null> {
  const flatten = await loadFlattener();
  if (!flatten) return null;
  await idle();
  if (!stillShown()) return null;
  const { files, assetUrls, limits, compilers } = warmUp;
  const document = compileDocument(files, assetUrls, limits, flatten, compilers);
  return document.flat ? document : null;
}
