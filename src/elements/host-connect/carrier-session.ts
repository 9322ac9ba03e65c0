/**
 * What `<ca-host-connect>` does with a host companion's offer, each step a person's direct tool
 * call so it is traced and gated like every workspace change: open a carrier session from the
 * offer, then either link its folder (`workspace.openFolder`, the companion standing in for the
 * folder picker) or move the already linked companion folder to the fresh session
 * (`workspace.reconnectFolder`, edits kept). The carrier code loads on the first connect, not
 * with the page.
 */
import type { HostCompanionSession } from '../../runtime/carrier/index.js';
import type { Outcome, ToolCallError } from '../../runtime/protocol/index.js';
import { callAsPerson, committedDespitePreview } from '../../runtime/registry/index.js';
import {
  folderPickerCapability,
  folderSessionCapability,
} from '../../runtime/tools/workspace/index.js';
import type { RuntimeView } from '../shared/runtime-context.js';

/** The runtime `<ca-host-connect>` needs: the workspace, its registry and folder source. */
export type HostConnectRuntime = RuntimeView<'workspace' | 'registry' | 'folders'>;

/** A session with the companion whose offer was pasted (or arrived in the URL fragment). */
export async function openCarrierSession(
  offer: string,
  sourceId: string,
): Promise<Outcome<HostCompanionSession>> {
  const { connectHostCompanion } = await import('../../runtime/carrier/host-session.js');
  return connectHostCompanion(offer, { sourceId });
}

/** Whether a companion folder is linked already, so a fresh offer reconnects it in place. */
export const linksCompanionFolder = (runtime: HostConnectRuntime): boolean =>
  runtime.workspace.getStatus().folder.kind === 'host-companion';

/** Moves the linked companion folder to `session`; the link and unsaved edits stay. */
export async function reconnectCompanionFolder(
  runtime: HostConnectRuntime,
  session: HostCompanionSession,
): Promise<ToolCallError | null> {
  const withdraw = runtime.capabilities.provide(folderSessionCapability, { session });
  try {
    const reconnected = await callAsPerson(runtime.registry, 'workspace.reconnectFolder', {});
    return reconnected.error ?? null;
  } finally {
    withdraw();
  }
}

/** Replaces the workspace with the companion folder's files and links it. */
export async function linkCompanionFolder(
  runtime: HostConnectRuntime,
  session: HostCompanionSession,
  discardChanges: boolean,
): Promise<ToolCallError | null> {
  const { createHostCompanionFolder } =
    await import('../../runtime/carrier/host-companion-folder.js');
  const folder = createHostCompanionFolder(session);
  // `workspace.openFolder` asks the folder picker; for this call the picker is the companion.
  const withdraw = runtime.capabilities.provide(folderPickerCapability, {
    pick: async () => folder,
  });
  try {
    const opened = await callAsPerson(runtime.registry, 'workspace.openFolder', {
      expectedRevision: runtime.workspace.getSnapshot().revision,
      discardChanges,
    });
    // A folder opened while the preview missed its revision is linked all the same.
    return opened.error && !committedDespitePreview(opened.error) ? opened.error : null;
  } finally {
    withdraw();
  }
}
