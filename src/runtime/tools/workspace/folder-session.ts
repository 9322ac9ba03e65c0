/**
 * The folder session capability: how `workspace.reconnectFolder` receives the session a host
 * companion's fresh offer opened. `<ca-host-connect>` provides it for the one call it makes, as
 * it provides the folder picker for `workspace.openFolder`; the session itself never crosses
 * the registry as an argument.
 */
import { defineToolCapability } from '../../protocol/capability.js';
import type { HostCompanionSession } from '../../carrier/host-session.js';

/** A host companion session offered to `workspace.reconnectFolder`. */
export interface FolderSessionOffer {
  /** The fresh session for the folder that is linked already. */
  readonly session: HostCompanionSession;
}

/**
 * The capability through which `workspace.reconnectFolder` receives a fresh host companion session.
 */
export const folderSessionCapability = defineToolCapability<FolderSessionOffer>('folderSession');
