import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { icon, type IconName } from '../shared/icons.js';

/** One workspace action, drawn as a toolbar button or as a menu item. */
export interface ActionItem {
  label: string;
  disabled: boolean;
  busy: boolean;
  title?: string;
  dialog?: boolean;
  /** Drawn as an icon button, the label its tooltip (Undo and Redo). */
  icon?: IconName;
  run(event: Event): void;
}

const MENU_ITEM = '[role="menuitem"], [role="menuitemcheckbox"]';

/** The menu's items in order: its own, then the ones slotted in (`menu-items`). */
export function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.children].flatMap((child) =>
    child instanceof HTMLSlotElement
      ? child
          .assignedElements()
          .filter((element): element is HTMLElement => element.matches(MENU_ITEM))
      : child instanceof HTMLElement && child.matches(MENU_ITEM)
        ? [child]
        : [],
  );
}

/** The item a key moves focus to (wrapping), or undefined for keys a menu leaves alone. */
export function menuTarget(
  key: string,
  items: readonly HTMLElement[],
  current: Element | null,
): HTMLElement | undefined {
  const at = items.findIndex((item) => item === current);
  switch (key) {
    case 'ArrowDown':
      return items[(at + 1) % items.length];
    case 'ArrowUp':
      return items[(at - 1 + items.length) % items.length];
    case 'Home':
      return items[0];
    case 'End':
      return items.at(-1);
    default:
      return undefined;
  }
}

/** A toolbar button for `item`: an icon with its label as tooltip, or a labelled button. */
export function toolbarButton(item: ActionItem): TemplateResult {
  return html`<button
    class=${item.icon ? 'quiet icon' : 'quiet'}
    ?disabled=${item.disabled}
    aria-disabled=${item.busy ? 'true' : 'false'}
    title=${item.title ?? nothing}
    aria-haspopup=${item.dialog ? 'dialog' : nothing}
    @click=${item.run}
  >
    ${item.icon ? html`${icon(item.icon)}<span class="label">${item.label}</span>` : item.label}
  </button>`;
}

/**
 * A menu item for `item`. A disabled item stays focusable, as menus expect, and does nothing.
 */
export function menuButton(item: ActionItem, close: () => void): TemplateResult {
  return html`<button
    role="menuitem"
    tabindex="-1"
    aria-disabled=${item.disabled || item.busy ? 'true' : 'false'}
    title=${item.title ?? nothing}
    aria-haspopup=${item.dialog ? 'dialog' : nothing}
    @click=${(event: Event) => {
      if (item.disabled || item.busy) return;
      close();
      item.run(event);
    }}
  >
    ${item.label}${item.dialog ? '…' : ''}
  </button>`;
}

/**
 * Actions as one menu button (the File menu; on a phone, every action): `aria-haspopup="menu"`,
 * Enter, Space or ArrowDown open on the first item, ArrowUp on the last; arrows, Home and End
 * move; Escape closes and returns focus to the button, as does choosing an item; Tab or a
 * click elsewhere closes. Items slotted into `menu-items` join the menu after the actions.
 */
export class ActionsMenu {
  private open = false;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

  private get root(): ShadowRoot {
    return this.host.shadowRoot!;
  }

  private button(): HTMLButtonElement | null {
    return this.root.querySelector<HTMLButtonElement>('[part="menu-button"]');
  }

  private items(): HTMLElement[] {
    const menu = this.root.querySelector<HTMLElement>('[role="menu"]');
    return menu ? menuItems(menu) : [];
  }

  private async show(at: 'first' | 'last'): Promise<void> {
    this.open = true;
    this.host.requestUpdate();
    await this.host.updateComplete;
    const items = this.items();
    (at === 'first' ? items[0] : items.at(-1))?.focus();
  }

  /** Closes; `refocus` puts focus back on the menu button. */
  close(refocus: boolean): void {
    if (!this.open) return;
    this.open = false;
    this.host.requestUpdate();
    if (refocus) this.button()?.focus();
  }

  private readonly onButtonKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    void this.show(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  private readonly onMenuKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.close(true);
      return;
    }
    if (event.key === 'Tab') return this.close(false);
    const active = (event.composedPath()[0] as Element | undefined) ?? null;
    const target = menuTarget(event.key, this.items(), active);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  /** A slotted item chosen (the host's own items close themselves first). */
  private readonly onMenuClick = (event: Event): void => {
    const item = (event.target as Element).closest?.(MENU_ITEM);
    if (item && item.getAttribute('aria-disabled') !== 'true') this.close(true);
  };

  private readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    if (next && (this.host.contains(next) || this.root.contains(next))) return;
    this.close(false);
  };

  render(items: readonly ActionItem[], label: string, symbol: IconName): TemplateResult {
    return html`<div class="menu-wrap" @focusout=${this.onFocusOut}>
      <button
        part="menu-button"
        class="quiet"
        aria-haspopup="menu"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="actions-menu"
        id="actions-menu-button"
        @click=${() => (this.open ? this.close(true) : void this.show('first'))}
        @keydown=${this.onButtonKeydown}
      >
        ${icon(symbol)}${label}${icon('chevron')}
      </button>
      <div
        role="menu"
        part="menu"
        id="actions-menu"
        aria-labelledby="actions-menu-button"
        ?hidden=${!this.open}
        @keydown=${this.onMenuKeydown}
        @click=${this.onMenuClick}
      >
        ${items.map((item) => menuButton(item, () => this.close(true)))}
        <slot name="menu-items"></slot>
      </div>
    </div>`;
  }
}
