/**
 * The workspace's files as MCP resources: `workspace:///<path>` for each file, one template
 * for any path (with path completion), and change reports for `resources/subscribe`.
 */
import {
  TOOL_CONTENT_LIMITS,
  toolError,
  type Outcome,
  type ToolResourceContents,
} from '../../runtime/protocol/index.js';
import {
  type WorkspaceFile,
  type WorkspaceSource,
  workspaceMimeType,
} from '../../runtime/workspace/index.js';
import type { MCPResource, MCPResourceProvider } from './session-resources.js';

export const WORKSPACE_RESOURCE_PREFIX = 'workspace:///';
/** The URI template that matches any workspace file as an MCP resource. */
export const WORKSPACE_RESOURCE_TEMPLATE = `${WORKSPACE_RESOURCE_PREFIX}{path}`;

/** The MCP resource URI of a workspace path, each segment percent-encoded. */
export const workspaceResourceUri = (path: string): string =>
  WORKSPACE_RESOURCE_PREFIX + path.split('/').map(encodeURIComponent).join('/');

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith(WORKSPACE_RESOURCE_PREFIX)) return undefined;
  try {
    return uri.slice(WORKSPACE_RESOURCE_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

const mimeTypeOf = (file: WorkspaceFile) =>
  file.kind === 'asset' ? file.mimeType : workspaceMimeType(file.path);

function describe(file: WorkspaceFile): MCPResource {
  return {
    uri: workspaceResourceUri(file.path),
    name: file.path,
    description: `Workspace file ${file.path}`,
    mimeType: mimeTypeOf(file),
    size: file.kind === 'text' ? new TextEncoder().encode(file.text).length : file.blob.size,
  };
}

const notFound = (path: string): Outcome<never> => ({
  ok: false,
  error: toolError('WORKSPACE_FILE_NOT_FOUND', `No workspace file at ${path}.`, false, { path }),
});

async function contentsOf(file: WorkspaceFile): Promise<Outcome<ToolResourceContents[]>> {
  const uri = workspaceResourceUri(file.path);
  const mimeType = mimeTypeOf(file);
  if (file.kind === 'text') return { ok: true, value: [{ uri, mimeType, text: file.text }] };
  if (file.blob.size > TOOL_CONTENT_LIMITS.maxBinaryBytes) {
    return {
      ok: false,
      error: toolError(
        'TOOL_OUTPUT_LIMIT_EXCEEDED',
        `${file.path} is ${file.blob.size} bytes; at most ${TOOL_CONTENT_LIMITS.maxBinaryBytes} are served.`,
      ),
    };
  }
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  return { ok: true, value: [{ uri, mimeType, blob: base64(bytes) }] };
}

/** Serves `workspace`'s files; reports a file's change by URI and a new or gone file as a list change. */
export function createWorkspaceResources(workspace: WorkspaceSource): MCPResourceProvider {
  const files = () => workspace.getSnapshot().files;
  return {
    list: () => files().map(describe),
    templates: () => [
      {
        uriTemplate: WORKSPACE_RESOURCE_TEMPLATE,
        name: 'workspace-file',
        title: 'Workspace file',
        description: 'Any file of the workspace by its path, e.g. workspace:///index.html.',
      },
    ],
    read(uri) {
      const path = pathOf(uri);
      if (path === undefined) return undefined;
      const file = files().find((entry) => entry.path === path);
      return file ? contentsOf(file) : notFound(path);
    },
    watch(listener) {
      let previous = new Map(files().map((file) => [file.path, file]));
      return workspace.subscribe(() => {
        const next = new Map(files().map((file) => [file.path, file]));
        const listChanged =
          next.size !== previous.size || [...next.keys()].some((path) => !previous.has(path));
        for (const [path, file] of next) {
          const before = previous.get(path);
          if (before !== undefined && before !== file)
            listener({ uri: workspaceResourceUri(path) });
        }
        previous = next;
        if (listChanged) listener({});
      });
    },
    complete(uriTemplate, argument, value) {
      if (uriTemplate !== WORKSPACE_RESOURCE_TEMPLATE || argument !== 'path') return undefined;
      return files()
        .map((file) => file.path)
        .filter((path) => path.startsWith(value));
    },
  };
}
