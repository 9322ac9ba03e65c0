import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';

export const statusBarStyles = [
  tokens,
  css`
    :host {
      container-type: inline-size;
      display: flex;
      align-items: center;
      gap: var(--_space-3);
      padding: var(--_space-1) var(--_space-3);
      font-size: var(--ca-status-bar-font-size, var(--_text-xs));
      background: var(--ca-status-bar-background, var(--_surface));
      border-top: 1px solid var(--_border);
      color: var(--_muted);
    }
    [role='status'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.75rem;
      flex: 1;
      min-width: 0;
    }
    .storage {
      font-weight: 600;
      color: var(--_text);
    }
    .storage[data-mode='memory'] {
      color: var(--_danger);
    }
    .storage[data-mode='folder'] {
      color: var(--_accent);
    }
    .error {
      color: var(--_danger);
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      max-width: 32rem;
    }
    .changes[data-unsaved] {
      color: var(--_text);
      font-weight: 600;
    }
    .room[data-state='connected'] {
      color: var(--_text);
    }
    .room[data-state='refused'],
    .room[data-state='offline'] {
      color: var(--_danger);
    }
    .peers {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 0.6rem;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .peers li {
      display: flex;
      align-items: center;
      gap: 0.3rem;
      max-width: 16rem;
    }
    .dot {
      flex: none;
      width: 0.6rem;
      height: 0.6rem;
      border-radius: 50%;
      forced-color-adjust: none;
    }
    .name {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .search,
    .download {
      font-size: inherit;
      padding: 0.15rem 0.6rem;
    }
    kbd {
      font-family: var(--_mono);
      font-size: 0.75em;
      color: var(--_muted);
    }
    /* A phone has no keyboard shortcut to show; aria-keyshortcuts still names it. */
    @container (max-width: 30rem) {
      kbd {
        display: none;
      }
      /* Only the dots on a phone; each still names its person to a screen reader. */
      .peers .name {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
      }
    }
  `,
];
