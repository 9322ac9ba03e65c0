import { css, html, nothing } from 'lit';
import type { StarterNoticeController } from './starter-notice-controller.js';

const STARTER_CHANGED =
  "This page's starter files changed since your last visit. Your edits are kept.";

/** The changed-starter notice's words while it shows, for an announcer. */
export const starterNoticeText = (notice: StarterNoticeController) =>
  notice.state.kind === 'changed' ? STARTER_CHANGED : undefined;

/**
 * What the starter files need a person to know, drawn by `<ca-runtime>` and `<ca-studio>`: a
 * refused set (one specific error; the default files run instead) or changed starter files,
 * with Reset to take them and Keep to stay with the persisted edits. `live` false leaves the
 * telling to the studio's announcer (`starterNoticeText`).
 */
export function starterNotice(notice: StarterNoticeController, live = true) {
  const starter = notice.state;
  if (starter.kind === 'error') {
    return html`<p class="starter-notice" part="starter-notice" role="alert">
      Starter files not used: ${starter.error.message} <code>${starter.error.code}</code>
    </p>`;
  }
  if (starter.kind !== 'changed') return nothing;
  return html`<div class="starter-notice" part="starter-notice" role=${live ? 'status' : nothing}>
    <span>${STARTER_CHANGED}</span>
    <button ?disabled=${starter.busy} @click=${() => void notice.resetToStarter()}>
      Reset to new starter files
    </button>
    <button ?disabled=${starter.busy} @click=${() => notice.keepEdits()}>Keep my edits</button>
    ${
      starter.error
        ? html`<span role="alert"
            >${starter.error.message} <code>${starter.error.code}</code></span
          >`
        : nothing
    }
  </div>`;
}

export const starterNoticeStyles = css`
  .starter-notice {
    flex-basis: 100%;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
    padding: 0.4rem 0.7rem;
    border: 1px solid var(--_border, #d9dde3);
    border-left: 3px solid var(--_accent, #2563eb);
    border-radius: var(--_radius, 8px);
    background: var(--_bg, #fff);
    color: var(--_text, #1b1f24);
    font-size: 0.85rem;
  }
  .starter-notice[role='alert'] {
    border-left-color: var(--_danger, #b42318);
  }
`;
