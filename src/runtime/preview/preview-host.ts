/**
 * The preview host capability: the bridge between preview-aware tools and whichever element
 * shows the preview. `<ca-preview>` provides it; tools `require()` it.
 */
import { defineToolCapability } from '../protocol/capability.js';
import type { Outcome } from '../protocol/errors.js';

/** Where the preview stands: nothing shown yet, loading a revision, showing it, or failed. */
export type PreviewState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * One problem the compiled preview reports, such as a missing file or a blocked external reference.
 */
export interface PreviewDiagnostic {
  level: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  path?: string;
  /** The 1-based line in `path`, when the problem has one (a syntax error). */
  line?: number;
  /** The 1-based column on `line`. */
  column?: number;
}

/** The preview frame's confirmation that it shows a revision. */
export interface PreviewAcknowledgement {
  revision: number;
  state: 'ready';
}

/**
 * What the preview shows now: its revision, the last acknowledged one, its state and diagnostics.
 */
export interface PreviewStatus {
  /** The workspace revision the preview is showing or loading. */
  revision: number;
  /** The last revision the iframe acknowledged as ready, or null. */
  acknowledgedRevision: number | null;
  state: PreviewState;
  error?: string;
  diagnostics: readonly PreviewDiagnostic[];
  /**
   * True only while the preview runs in a shell the site serves under a `Connection-Allowlist`
   * the browser enforces (its probe was refused): then no document in the preview can open a
   * connection, not even to resolve a host name. False for `srcdoc` shells and in browsers that
   * do not enforce the header (docs/preview-security.md says what holds in each engine).
   */
  sealed?: boolean;
}

/**
 * What preview-aware tools need from the element that shows the preview: wait for a revision,
 * refresh, read status.
 */
export interface PreviewHost {
  /** Resolves when the iframe acknowledges `revision` (or a structured preview error). */
  waitForRevision(revision: number, signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>>;
  /** Remounts the iframe at the current revision and waits for its acknowledgement. */
  refresh(signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>>;
  getStatus(): PreviewStatus;
  /** Calls `listener` after every status change; returns the unsubscribe function. */
  subscribe?(listener: () => void): () => void;
}

/** The capability through which tools reach the mounted preview; `<ca-preview>` provides it. */
export const previewHostCapability = defineToolCapability<PreviewHost>('previewHost');
