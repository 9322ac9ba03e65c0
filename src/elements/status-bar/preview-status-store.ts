import type { CapabilityTable } from '../../runtime/registry/index.js';
import { previewHostCapability, type PreviewStatus } from '../../runtime/preview/index.js';
import { storeView, type ReadableStore } from '../shared/store-controller.js';

/**
 * The status of the preview host the capability table provides now, as a store for
 * `StoreController` (a preview may connect after the status bar).
 */
export function previewStatusStore(
  capabilities: CapabilityTable | undefined,
): ReadableStore<PreviewStatus> | undefined {
  return storeView(
    capabilities?.resolve(previewHostCapability),
    'preview-status',
    (host) => host.getStatus(),
    (host, listener) => host.subscribe?.(listener) ?? (() => {}),
  );
}
