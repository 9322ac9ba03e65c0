/**
 * The host-companion folder (W9 for browsers without `showDirectoryPicker`): a linked folder
 * whose reads and writes migrate to the host realm (T6) and run through the authenticated
 * carrier (T7). Each write is its own lease → start → execute → exit. A session a terminal
 * failure ended asks for a fresh offer (`prompt`); `reconnect` takes one without unlinking,
 * so unsaved edits stay, and starts a new save scope so the retry gets fresh durable keys.
 */
import { CARRIER_FRESH_OFFER_CODES, carrierToolError } from './failures.js';
import type { HostCompanionSession } from './host-session.js';
import type { HostToolArguments, HostToolName } from './host-tools.js';
import { toolError, type Outcome } from '../protocol/errors.js';
import { sha256Hex } from '../protocol/sha256.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../workspace/codes.js';
import type {
  WorkspaceFolder,
  WorkspaceFolderImport,
  WorkspaceFolderPermission,
} from '../workspace/folder-port.js';
import { workspaceMimeType } from '../workspace/file-types.js';
import type { WorkspaceFile } from '../workspace/types.js';

/** A linked folder whose reads and writes run on a host companion through the carrier. */
export interface HostCompanionFolder extends WorkspaceFolder {
  readonly kind: 'host-companion';
  readonly session: HostCompanionSession;
  /** Switches to a fresh offer's session for the same folder; the link and edits stay. */
  reconnect(session: HostCompanionSession): Outcome<void>;
}

interface WireFile {
  path: string;
  kind: 'text' | 'asset';
  text?: string;
  base64?: string;
  mimeType?: string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function toWorkspaceFile(file: WireFile): WorkspaceFile {
  if (file.kind === 'text') return { path: file.path, kind: 'text', text: file.text ?? '' };
  const mimeType = file.mimeType || workspaceMimeType(file.path);
  const blob = new Blob([fromBase64(file.base64 ?? '')], { type: mimeType });
  return { path: file.path, kind: 'asset', blob, mimeType };
}

/** Whether a linked folder is served by a host companion. */
export const isHostCompanionFolder = (folder: unknown): folder is HostCompanionFolder =>
  typeof folder === 'object' &&
  folder !== null &&
  (folder as { kind?: unknown }).kind === 'host-companion';

/** Makes a workspace folder backed by a connected host companion session. */
export function createHostCompanionFolder(first: HostCompanionSession): HostCompanionFolder {
  let session = first;
  const name = first.probe.folder.name;

  const permission = (): WorkspaceFolderPermission =>
    session.ended || Date.now() >= session.expiresAt ? 'prompt' : 'granted';

  const needsOffer = (operation: string, path?: string) =>
    workspaceError(
      CODES.WORKSPACE_FOLDER_PERMISSION_DENIED,
      'The host companion needs a fresh offer: connect again with the offer it prints.',
      {
        operation,
        ...(path === undefined ? {} : { path }),
        carrier: session.ended?.code ?? 'offer-expired',
      },
    );

  async function call<N extends HostToolName>(
    tool: N,
    args: HostToolArguments<N>,
    operation: string,
    path: string | undefined,
    signal: AbortSignal,
  ): Promise<Outcome<Record<string, unknown>>> {
    if (permission() !== 'granted') return { ok: false, error: needsOffer(operation, path) };
    const ran = await session.run(
      tool,
      args,
      { id: `host:${name}`, revision: session.generation },
      signal,
    );
    if (ran.ok) return ran.value.result;
    const { failure } = ran;
    // Refused before anything ran (auth, digests, expiry): a confirmed no-op needing a new offer.
    const refused =
      CARRIER_FRESH_OFFER_CODES.has(failure.code) &&
      failure.code !== 'carrier-provider-exit' &&
      failure.code !== 'carrier-exited';
    if (refused) return { ok: false, error: needsOffer(operation, path) };
    return { ok: false, error: carrierToolError(failure) };
  }

  return {
    name,
    kind: 'host-companion',
    writable: true,
    get session() {
      return session;
    },
    get saveScope() {
      return `host-companion:${name}:${session.generation}`;
    },
    queryPermission: async () => permission(),
    // Only a fresh offer grants access again; asking cannot.
    requestPermission: async () => permission(),
    async read(options = {}): Promise<Outcome<WorkspaceFolderImport>> {
      const read = await call(
        'host.readTree',
        {},
        'readFolder',
        undefined,
        options.signal ?? new AbortController().signal,
      );
      if (!read.ok) return read;
      const value = read.value as unknown as Omit<WorkspaceFolderImport, 'files'> & {
        files: WireFile[];
      };
      const files = value.files.map(toWorkspaceFile);
      options.onProgress?.({ operation: 'import', done: files.length, total: files.length });
      // The companion reads text as UTF-8 on its side and reports no kept-binary text files.
      return { ok: true, value: { ...value, binaryText: value.binaryText ?? [], files } };
    },
    async writeFile(file, signal = new AbortController().signal): Promise<Outcome<void>> {
      if (signal.aborted)
        return { ok: false, error: toolError('TOOL_CANCELLED', 'Cancelled before writing.', true) };
      const args: HostToolArguments<'host.writeFile'> =
        file.kind === 'text'
          ? { path: file.path, kind: 'text', text: file.text, digest: await sha256Hex(file.text) }
          : await (async () => {
              const bytes = new Uint8Array(await file.blob.arrayBuffer());
              return {
                path: file.path,
                kind: 'asset' as const,
                base64: toBase64(bytes),
                mimeType: file.mimeType,
                digest: await sha256Hex(bytes),
              };
            })();
      const written = await call('host.writeFile', args, 'writeFile', file.path, signal);
      return written.ok ? { ok: true, value: undefined } : written;
    },
    async deleteFile(path, signal = new AbortController().signal): Promise<Outcome<void>> {
      const deleted = await call('host.deleteFile', { path }, 'deleteFile', path, signal);
      return deleted.ok ? { ok: true, value: undefined } : deleted;
    },
    reconnect(next) {
      if (next.probe.folder.name !== name)
        return {
          ok: false,
          error: workspaceError(
            CODES.WORKSPACE_FOLDER_STATE_CONFLICT,
            `The offer serves ${next.probe.folder.name}, not the linked ${name}.`,
            { operation: 'reconnect', folder: name, offered: next.probe.folder.name.slice(0, 120) },
          ),
        };
      session = next;
      return { ok: true, value: undefined };
    },
  };
}
