/**
 * What the controller compiles a shown snapshot with, and the compile itself. The asset URLs
 * and the compilers a snapshot needs may have to load first; without either to load, nothing
 * is awaited, so a cold start's first frame starts in the task that asked for it.
 */
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import { readAssetUrls } from './asset-urls.js';
import { DEFAULT_PREVIEW_COMPILE_LIMITS, type PreviewCompileLimits } from './compile-context.js';
import { compileDocument, type DocumentCompilers, type PreviewDocument } from './compile.js';
import type { FlatWarmUp } from './flat-warm-up.js';
import { loadedFlattener, loadFlattener } from './load-flattener.js';
import { loadModuleCompilers, readyModuleCompilers } from './load-module-compilers.js';

export interface SnapshotInputs {
  assetUrls: ReadonlyMap<string, string>;
  compilers: DocumentCompilers;
}

/** The inputs at once when nothing has to load, else a promise of them. */
export function snapshotInputs(
  files: readonly WorkspaceFile[],
): SnapshotInputs | Promise<SnapshotInputs> {
  const assets = files.some((file) => file.kind === 'asset');
  const ready = readyModuleCompilers(files);
  if (!assets && ready) return { assetUrls: new Map(), compilers: ready };
  return Promise.all([
    assets ? readAssetUrls(files) : new Map<string, string>(),
    ready ?? loadModuleCompilers(files),
  ]).then(([assetUrls, compilers]) => ({ assetUrls, compilers }));
}

/**
 * The document of `files` at `revision`, and its warm-up when the graph loads natively only
 * because the flattener is not loaded yet (it starts loading then).
 */
export function compileSnapshot(
  files: readonly WorkspaceFile[],
  revision: number,
  { assetUrls, compilers }: SnapshotInputs,
  limits: Partial<PreviewCompileLimits> | undefined,
): { document: PreviewDocument; warmUp: FlatWarmUp | null } {
  const flatten = loadedFlattener();
  const document = compileDocument(files, assetUrls, limits, flatten, compilers);
  // The first large graph loads natively while the flattener loads; later reloads are flat.
  const flattenFrom = limits?.flattenFrom ?? DEFAULT_PREVIEW_COMPILE_LIMITS.flattenFrom;
  const native = !flatten && Object.keys(document.modules).length >= flattenFrom;
  if (native) void loadFlattener();
  return {
    document,
    warmUp: native ? { revision, files, assetUrls, limits, compilers } : null,
  };
}
