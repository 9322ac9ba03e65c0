import type { CapabilityTable } from '../../runtime/capabilities.js';
import {
  previewHostCapability,
  type PreviewHost,
  type PreviewStatus,
} from '../../runtime/tools/preview/preview-host.js';
import type { ReadableStore } from '../shared/store-controller.js';

const stores = new WeakMap<PreviewHost, ReadableStore<PreviewStatus>>();

/**
 * The preview host the capability table provides now, seen as a store for `StoreController`.
 * One store per host, so the controller keeps its subscription until a different preview
 * connects (a preview may connect after the status bar).
 */
export function previewStatusStore(
  capabilities: CapabilityTable | undefined,
): ReadableStore<PreviewStatus> | undefined {
  const host = capabilities?.resolve(previewHostCapability);
  if (!host) return undefined;
  let store = stores.get(host);
  if (!store) {
    store = {
      getSnapshot: () => host.getStatus(),
      subscribe: (listener) => host.subscribe?.(listener) ?? (() => {}),
    };
    stores.set(host, store);
  }
  return store;
}
