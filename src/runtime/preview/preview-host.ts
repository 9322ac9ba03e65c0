/**
 * The preview host capability: the bridge between preview-aware tools and whichever element
 * shows the preview. `<ca-preview>` provides it; tools `require()` it.
 */
import { defineToolCapability } from '../protocol/capability.js';
import type { Outcome } from '../protocol/errors.js';

export type PreviewState = 'idle' | 'loading' | 'ready' | 'error';

export interface PreviewDiagnostic {
  level: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  path?: string;
}

export interface PreviewAcknowledgement {
  revision: number;
  state: 'ready';
}

export interface PreviewStatus {
  /** The workspace revision the preview is showing or loading. */
  revision: number;
  /** The last revision the iframe acknowledged as ready, or null. */
  acknowledgedRevision: number | null;
  state: PreviewState;
  error?: string;
  diagnostics: readonly PreviewDiagnostic[];
}

export interface PreviewHost {
  /** Resolves when the iframe acknowledges `revision` (or a structured preview error). */
  waitForRevision(revision: number, signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>>;
  /** Remounts the iframe at the current revision and waits for its acknowledgement. */
  refresh(signal: AbortSignal): Promise<Outcome<PreviewAcknowledgement>>;
  getStatus(): PreviewStatus;
  /** Calls `listener` after every status change; returns the unsubscribe function. */
  subscribe?(listener: () => void): () => void;
}

export const previewHostCapability = defineToolCapability<PreviewHost>('previewHost');
