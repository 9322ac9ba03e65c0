import type { ReactiveController, ReactiveElement } from 'lit';
import { deepActiveElement } from '../shared/focus.js';

/**
 * An inline approval card in the chat's `approval` slot that an answer leaves empty takes the
 * focused button with it: focus goes to the prompt then, never to the page.
 */
export class InlineApprovalFocus implements ReactiveController {
  constructor(
    private readonly host: ReactiveElement,
    private readonly prompt: () => HTMLElement | null | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('ca-approval-decide', this.decided);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('ca-approval-decide', this.decided);
  }

  private readonly decided = (event: Event): void => {
    const card = event.target as Element & { updateComplete?: Promise<unknown> };
    if (card.parentElement !== this.host) return;
    void card.updateComplete?.then(() => {
      const active = deepActiveElement();
      if (!active || active === document.body) this.prompt()?.focus();
    });
  };
}
