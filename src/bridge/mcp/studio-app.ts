/**
 * The studio as an MCP App (the MCP Apps extension, `io.modelcontextprotocol/ui`): one `ui://`
 * HTML resource in the extension's HTML profile, and `_meta.ui.resourceUri` on the tools that
 * open it, for a client that declared the extension, so a host that supports it renders a live
 * view of the workspace beside their results. The view calls tools through its host, which
 * sends them back to this server: the same registry, policy and approval as any other MCP call.
 */
import { isPlainObject } from '../../runtime/protocol/index.js';
import type { MCPResourceProvider } from './session-resources.js';
import { STUDIO_APP_HTML } from './studio-app-html.js';

/** The MCP Apps extension's id, under `extensions` in a client's capabilities. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an MCP App's HTML document (the extension's HTML profile). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** Where the studio app is served. */
export const STUDIO_APP_URI = 'ui://context-action/studio.html';
/** The tools that point at the app unless `tools` says otherwise: showing the workspace. */
export const STUDIO_APP_TOOLS: readonly string[] = ['workspace.listFiles', 'workspace.openFile'];

/** Serving the studio app: which listed tools point at it. */
export interface MCPAppOptions {
  /** Default `STUDIO_APP_TOOLS`. Names that are not listed are ignored. */
  tools?: readonly string[];
}

/** The app's `ui://` resource. */
export const studioAppResources: MCPResourceProvider = {
  list: () => [
    {
      uri: STUDIO_APP_URI,
      name: 'studio-app',
      title: 'Context-Action studio',
      description: 'A live view of the workspace: its files, the open file and a preview.',
      mimeType: MCP_APP_MIME_TYPE,
    },
  ],
  read: (uri) =>
    uri === STUDIO_APP_URI
      ? { ok: true, value: [{ uri, mimeType: MCP_APP_MIME_TYPE, text: STUDIO_APP_HTML }] }
      : undefined,
};

interface ListedTool {
  name: string;
  _meta?: Record<string, unknown>;
}

/**
 * Whether a client with these capabilities renders our app: it declared the extension and, when
 * it lists the MIME types it renders, ours is one of them.
 */
export function rendersApps(capabilities: Readonly<Record<string, unknown>>): boolean {
  const { extensions } = capabilities;
  const ui = isPlainObject(extensions) ? extensions[MCP_APPS_EXTENSION] : undefined;
  if (!isPlainObject(ui)) return false;
  return !Array.isArray(ui.mimeTypes) || ui.mimeTypes.includes(MCP_APP_MIME_TYPE);
}

/**
 * `tools` with `_meta.ui.resourceUri` added to those the app options name, for a client whose
 * `capabilities` render the app; otherwise, and for the rest, unchanged.
 */
export function withAppMeta<T extends ListedTool>(
  tools: readonly T[],
  app: MCPAppOptions | undefined,
  capabilities: Readonly<Record<string, unknown>>,
): T[] {
  if (app === undefined || !rendersApps(capabilities)) return [...tools];
  const named = new Set(app.tools ?? STUDIO_APP_TOOLS);
  return tools.map((tool) =>
    named.has(tool.name)
      ? { ...tool, _meta: { ...tool._meta, ui: { resourceUri: STUDIO_APP_URI } } }
      : tool,
  );
}
