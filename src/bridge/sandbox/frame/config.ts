/** The configuration each frame script receives as `CONFIG` (types only: no run-time code). */
import type { FrameModule } from '../frame-module.js';
import type { PreviewDocument } from '../compile.js';
import type { PREVIEW_MESSAGE_LIMITS, PREVIEW_MESSAGE_TYPES } from '../messages.js';

export interface GuardConfig {
  /** The guard's own compiled source, written into every nested frame's document. */
  guardSource: string;
  /** The window message a nested document's guard posts to its parent on a blocked navigation. */
  blockedType: string;
}

export interface BridgeConfig extends GuardConfig {
  /** Names this load: the shell accepts the hello that carries it. Never sent by the host. */
  nonce: string;
  revision: number;
  modules: Readonly<Record<string, FrameModule>>;
  flat: PreviewDocument['flat'];
  origins: PreviewDocument['origins'];
  types: typeof PREVIEW_MESSAGE_TYPES;
  limits: typeof PREVIEW_MESSAGE_LIMITS;
  sheetAttribute: string;
  fetchable: readonly string[];
  entryPath: string;
  /** The site's import map, joined to the workspace modules' map (their names never clash). */
  siteImports: { imports: Readonly<Record<string, string>>; scopes: object } | null;
}

export interface ShellConfig {
  /**
   * The first load's nonce and number; later loads arrive in the host's `load` messages. A
   * served shell has neither: its number is its address's fragment, its first page a `load`.
   */
  nonce: string;
  id: number;
  /** Loaded by URL (the preview shell document) rather than written into `srcdoc`. */
  served: boolean;
  /** Names the package's shell script: the host talks only to a shell of its own build. */
  build: string;
  types: typeof PREVIEW_MESSAGE_TYPES;
  /** How long after the inner document's load a missing hello counts as a failed bridge. */
  graceMs: number;
}
