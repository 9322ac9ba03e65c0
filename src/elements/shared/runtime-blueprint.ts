import type { StudioSurface } from '../../runtime/surfaces/index.js';
import type { StudioCollabOptions } from '../../composition/collab-status.js';
import {
  parseAgentMode,
  parseToolPatterns,
  type RuntimeConfig,
} from '../../composition/runtime-config.js';

/** What an owning element's attributes ask for. */
export interface RuntimeBlueprint {
  databaseName: string;
  storage: 'indexeddb' | 'memory';
  surface: StudioSurface;
  config: RuntimeConfig;
  /** The `src` attribute: a same-origin starter manifest. */
  src: string | null;
  /** The `collab` and `room` attributes: the room to share the workspace in, or none. */
  collab: StudioCollabOptions | null;
}

/** The attributes `<ca-runtime>` and `<ca-studio>` share, as their properties hold them. */
export interface RuntimeAttributes {
  storage: string | null;
  agent: string | null;
  agentEndpoint: string | null;
  tools: string | null;
  readonly: boolean;
  src: string | null;
  collab: string | null;
  room: string | null;
}

/** The blueprint those attributes describe; an unknown `storage` value means IndexedDB. */
export function blueprintFromAttributes(
  attributes: RuntimeAttributes,
  databaseName: string,
  surface: StudioSurface = 'studio',
): RuntimeBlueprint {
  return {
    databaseName,
    storage: attributes.storage === 'memory' ? 'memory' : 'indexeddb',
    surface,
    config: {
      agent: parseAgentMode(attributes.agent, attributes.agentEndpoint),
      agentEndpoint: attributes.agentEndpoint || null,
      tools: parseToolPatterns(attributes.tools),
      readOnly: attributes.readonly,
    },
    src: attributes.src || null,
    // Both or neither: a server without a room (or a room without a server) shares nothing.
    collab:
      attributes.collab && attributes.room
        ? { url: attributes.collab, room: attributes.room }
        : null,
  };
}

/** What a runtime is built around: changing any of these needs a new one. */
export const blueprintKey = (blueprint: RuntimeBlueprint): string =>
  JSON.stringify([
    blueprint.databaseName,
    blueprint.storage,
    blueprint.surface,
    blueprint.src,
    blueprint.collab?.url,
    blueprint.collab?.room,
  ]);
