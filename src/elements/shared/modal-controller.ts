import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { deepActiveElement, isBackdropClick, wrapTabFocus } from './focus.js';
import { lockPageScroll } from './scroll-lock.js';

/** How a host drives its one modal `<dialog>`. */
export interface ModalOptions {
  dialog(): HTMLDialogElement | null | undefined;
  /** Whether the host wants the dialog showing now. */
  isOpen(): boolean;
  /**
   * Escape, a click on the backdrop, or the host leaving the page while open: the host closes
   * (or cancels, or denies) so that `isOpen()` turns false.
   */
  dismiss(): void;
  /** The dialog was just shown: move focus in. */
  shown?(): void;
  /**
   * What the dialog is modal to. Elements: it opens without page modality (`show()`), and these
   * elements are made inert instead, so the rest of the page stays usable; Escape and Tab are
   * handled here because a non-modal dialog gets no `cancel`. Undefined: modal to the page.
   */
  inertScope?(): readonly Element[] | undefined;
  /**
   * Where focus goes when the dialog closes; the opener when absent. `null`: nowhere, as the
   * host moved focus itself (a chosen search result focuses the editor).
   */
  refocus?(opener: HTMLElement | undefined): HTMLElement | null | undefined;
}

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The one modal implementation every studio dialog uses (approval, explorer, catalog
 * confirmation, search, settings — E8): opening remembers the focused element, locks page
 * scroll (or, given an `inertScope`, makes only that scope inert) and calls `shown`; Escape and a click outside the dialog's box dismiss it (a click in
 * its padding does not); Tab stays inside; closing releases the page and hands focus back to
 * the opener. Wire `cancel`, `click`, `keydown` and `closed` to the dialog's `cancel`, `click`,
 * `keydown` and `close` events.
 */
export class ModalController implements ReactiveController {
  private opener?: HTMLElement;
  /** Where focus returns, chosen as the host closes (before the browser restores focus itself). */
  private returnTo?: HTMLElement | null;
  private unlockScroll?: () => void;
  /** The elements this controller made inert, to release them exactly. */
  private madeInert: HTMLElement[] = [];
  private wasOpen = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ModalOptions,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const open = this.options.isOpen();
    if (open && !this.wasOpen) this.opener = deepActiveElement();
    this.wasOpen = open;
  }

  hostUpdated(): void {
    const dialog = this.options.dialog();
    if (!dialog) return;
    const open = this.options.isOpen();
    if (open && !dialog.open) {
      const scope = this.options.inertScope?.();
      if (scope) {
        dialog.show();
        this.makeInert(scope);
      } else {
        dialog.showModal();
        this.unlockScroll ??= lockPageScroll();
      }
      this.options.shown?.();
    } else if (!open && dialog.open) {
      this.returnTo = this.options.refocus?.(this.opener);
      dialog.close();
      // As a modal dialog frees the page at once, free the scope now, not at `close` a task later.
      this.releaseScope();
    }
  }

  hostDisconnected(): void {
    // A removed dialog fires no `close`: release the page here.
    this.release();
    if (this.options.isOpen()) this.options.dismiss();
    this.wasOpen = false;
  }

  /** Escape dismisses through the host, so the host sees every close the same way. */
  readonly cancel = (event: Event): void => {
    event.preventDefault();
    this.options.dismiss();
  };

  readonly click = (event: MouseEvent): void => {
    const dialog = this.options.dialog();
    if (dialog && isBackdropClick(dialog, event)) this.options.dismiss();
  };

  /** A click on a host's own backdrop layer (a dialog modal to its container has no `::backdrop`). */
  readonly backdrop = (): void => this.options.dismiss();

  readonly keydown = (event: KeyboardEvent): void => {
    const dialog = this.options.dialog();
    if (!dialog) return;
    if (event.key === 'Escape' && dialog.open && !dialog.matches(':modal')) {
      event.preventDefault();
      this.options.dismiss();
      return;
    }
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    wrapTabFocus(event, focusable, this.host.shadowRoot?.activeElement);
  };

  /** The dialog closed: release the page and give focus back to the opener. */
  readonly closed = (): void => {
    // `close` arrives a task later: the dialog may have been shown again for a new request.
    if (this.options.dialog()?.open) return;
    if (this.options.isOpen()) this.options.dismiss();
    this.release();
    const opener = this.returnTo === undefined ? this.opener : this.returnTo;
    this.opener = undefined;
    this.returnTo = undefined;
    if (opener?.isConnected) opener.focus();
  };

  private makeInert(scope: readonly Element[]): void {
    for (const element of scope) {
      // Already inert by someone else's choice: leave it as found.
      if (!(element instanceof HTMLElement) || element.inert) continue;
      element.inert = true;
      this.madeInert.push(element);
    }
  }

  private releaseScope(): void {
    for (const element of this.madeInert) element.inert = false;
    this.madeInert = [];
  }

  private release(): void {
    this.unlockScroll?.();
    this.unlockScroll = undefined;
    this.releaseScope();
  }
}
