import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { deepActiveElement, isBackdropClick } from './focus.js';
import { lockPageScroll } from './scroll-lock.js';

/** An element whose one modal `<dialog>` follows its `open` property. */
export interface ModalHost extends ReactiveControllerHost {
  open: boolean;
}

/**
 * Keeps a host's `open` property and its modal `<dialog>` in step (E8): opening remembers the
 * focused element, locks page scroll and calls `shown`; Escape and a backdrop click close it;
 * closing releases the page and hands focus back to the opener. Wire `cancel`, `click` and
 * `closed` to the dialog's `cancel`, `click` and `close` events.
 */
export class ModalController implements ReactiveController {
  private opener?: HTMLElement;
  private unlockScroll?: () => void;
  private wasOpen = false;

  constructor(
    private readonly host: ModalHost,
    private readonly dialog: () => HTMLDialogElement | null | undefined,
    private readonly shown?: () => void,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.host.open && !this.wasOpen) this.opener = deepActiveElement();
    this.wasOpen = this.host.open;
  }

  hostUpdated(): void {
    const dialog = this.dialog();
    if (!dialog) return;
    if (this.host.open && !dialog.open) {
      dialog.showModal();
      this.unlockScroll = lockPageScroll();
      this.shown?.();
    } else if (!this.host.open && dialog.open) dialog.close();
  }

  hostDisconnected(): void {
    // A removed dialog fires no `close`: release the page here.
    this.release();
    this.host.open = false;
  }

  /** Escape closes through `open`, so the host sees every close the same way. */
  readonly cancel = (event: Event): void => {
    event.preventDefault();
    this.host.open = false;
  };

  readonly click = (event: MouseEvent): void => {
    const dialog = this.dialog();
    if (dialog && isBackdropClick(dialog, event)) this.host.open = false;
  };

  /** The dialog closed: release the page and give focus back to the opener. */
  closed(): void {
    this.host.open = false;
    this.release();
    const opener = this.opener;
    this.opener = undefined;
    if (opener?.isConnected) opener.focus();
  }

  private release(): void {
    this.unlockScroll?.();
    this.unlockScroll = undefined;
  }
}
