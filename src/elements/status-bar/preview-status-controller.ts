import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CapabilityTable } from '../../runtime/capabilities.js';
import {
  previewHostCapability,
  type PreviewHost,
  type PreviewStatus,
} from '../../runtime/tools/preview/preview-host.js';

/**
 * Follows whichever preview host the runtime's capability table currently provides. A preview
 * may connect after the status bar, so the host is looked up again on every update.
 */
export class PreviewStatusController implements ReactiveController {
  private host?: PreviewHost;
  private unsubscribe?: () => void;
  private connected = false;

  constructor(
    private readonly element: ReactiveControllerHost,
    private readonly capabilities: () => CapabilityTable | undefined,
  ) {
    element.addController(this);
  }

  get value(): PreviewStatus | undefined {
    return this.host?.getStatus();
  }

  hostConnected(): void {
    this.connected = true;
    this.follow();
  }

  hostUpdate(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.follow();
  }

  private follow(): void {
    const next = this.connected ? this.capabilities()?.resolve(previewHostCapability) : undefined;
    if (next === this.host) return;
    this.unsubscribe?.();
    this.host = next;
    this.unsubscribe = next?.subscribe?.(() => this.element.requestUpdate());
  }
}
