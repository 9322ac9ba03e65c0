import { createContext } from '@lit/context';
import type { CapabilityTable, ToolRegistry } from '../../runtime/registry/index.js';
import type { PreviewSelectionStore } from '../../runtime/preview/index.js';
import type { WorkspaceSnapshot, WorkspaceSource } from '../../runtime/workspace/index.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';

/**
 * The part of the studio runtime every element may rely on. The full runtime returned by
 * `createStudioRuntime()` satisfies it.
 */
export interface ElementRuntime {
  workspace: WorkspaceSource;
  capabilities: CapabilityTable;
  /** Where buttons send their tool calls, so a person's actions show in the trace. */
  registry?: Pick<ToolRegistry, 'callTool'>;
  /** Where `<ca-preview>`'s element picker leaves its selection for the next agent prompt. */
  previewSelection?: PreviewSelectionStore;
}

/**
 * An element's runtime type when it needs more than `ElementRuntime`: the base plus the parts
 * it names, typed as the full runtime types them (`Needed` must be there, `Optional` may be).
 * The one rule for every element's `runtime` property: it is typed `ElementRuntime`, a
 * `RuntimeView` (plus, at most, optional parts the full runtime lacks), or the full
 * `StudioRuntime`; no element types one of its parts anew, so the runtime
 * `createStudioRuntime()` returns fits every element.
 */
export type RuntimeView<
  Needed extends keyof StudioRuntime,
  Optional extends keyof StudioRuntime = never,
> = ElementRuntime & Pick<StudioRuntime, Needed> & Partial<Pick<StudioRuntime, Optional>>;

/**
 * Made from a registered symbol so that two copies of the bundle on one page still meet.
 */
export const runtimeContext = createContext<ElementRuntime | undefined>(
  Symbol.for('context-action.runtime'),
);

/**
 * What a provider offers while its runtime's code is still loading: the snapshot its workspace
 * will start as (the seed files at revision 1, when known without a fetch), so `<ca-preview>`
 * renders it before the runtime exists, and elements say "loading" instead of "no runtime".
 */
export interface RuntimeLoading {
  provisionalSnapshot?: WorkspaceSnapshot;
  /**
   * Resolves true once storage is known to hold nothing (a first visit, or memory storage):
   * hydration will then start from the provisional snapshot itself, so its render may show.
   */
  fresh?: Promise<boolean>;
  /** The provider's `readonly`: nothing may be edited, not even before the runtime exists. */
  readOnly?: boolean;
}

/** Provided beside `runtimeContext`, set only while that one is still on its way. */
export const runtimeLoadingContext = createContext<RuntimeLoading | undefined>(
  Symbol.for('context-action.runtime-loading'),
);
