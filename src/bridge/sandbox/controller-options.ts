/** What a `PreviewController` is made with, and what its view renders. */
import type { PreviewStatus } from '../../runtime/preview/index.js';
import type { PreviewCompileLimits } from './compile-context.js';
import type { PreviewConsoleState } from './console-log.js';
import type { PreviewSelection } from './messages.js';

/** Acknowledgement timeout, compile limits and callbacks for a `PreviewController`. */
export interface PreviewControllerOptions {
  /** How long `waitForRevision` waits for an acknowledgement. */
  ackTimeoutMs?: number;
  limits?: Partial<PreviewCompileLimits>;
  onSelection?: (selection: PreviewSelection) => void;
  /** Escape pressed inside the preview (the host page never sees those keys). */
  onEscape?: () => void;
  /** Replaces the compiled bridge: only to prove how a bridge that fails to start is reported. */
  bridgeSource?: string;
  /** The first value of the controller's `shellUrl`. */
  shellUrl?: string;
}

/** What a preview view renders: status, console, picker and selection. */
export interface PreviewViewState {
  status: PreviewStatus;
  console: PreviewConsoleState;
  pickerEnabled: boolean;
  selection: PreviewSelection | null;
}

/** A controller's state before its first show. */
export const initialViewState = (console: PreviewConsoleState): PreviewViewState => ({
  status: {
    revision: 0,
    acknowledgedRevision: null,
    state: 'idle',
    diagnostics: [],
    sealed: false,
  },
  console,
  pickerEnabled: false,
  selection: null,
});
