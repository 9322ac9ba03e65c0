import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';
import { dialogStyles } from '../shared/dialog.styles.js';

export const approvalStyles = [
  tokens,
  dialogStyles,
  css`
    :host {
      display: contents;
      --_dialog-backdrop: var(--ca-approval-backdrop, var(--_backdrop));
    }
    /* Modal to the container: the layer and the box sit over the nearest positioned ancestor. */
    .backdrop {
      position: absolute;
      inset: 0;
      z-index: 20;
      background: var(--_dialog-backdrop);
    }
    dialog:not(:modal) {
      position: absolute;
      inset: 0;
      z-index: 21;
      margin: auto;
      height: fit-content;
      max-height: calc(100% - 2rem);
    }
    dialog h2 {
      margin-bottom: 0.25rem;
    }
    /* In the flow of the chat: a bordered card that scrolls on its own, over nothing. */
    .inline {
      display: block;
      margin: var(--_space-2) var(--_space-3);
      padding: var(--_space-3);
      max-height: 50vh;
      overflow-y: auto;
      border: 2px solid var(--_accent);
      border-radius: var(--_radius);
      background: var(--_bg);
      color: var(--_text);
    }
    .inline:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 2px;
    }
    .inline h2 {
      font-size: var(--_text-lg);
      margin: 0 0 0.25rem;
    }
    .inline .actions {
      display: flex;
      justify-content: flex-end;
      flex-wrap: wrap;
      gap: var(--_space-2);
    }
    .tool {
      font-family: var(--_mono);
      font-size: 0.9rem;
      color: var(--_accent);
    }
    p {
      margin: 0.5rem 0;
      color: var(--_muted);
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.25rem 0.75rem;
      margin: 0.75rem 0;
      font-size: 0.875rem;
    }
    dt {
      color: var(--_muted);
    }
    dd {
      margin: 0;
      font-family: var(--_mono);
      overflow-wrap: anywhere;
    }
    .actions {
      margin-top: 1rem;
    }
    .reason {
      display: grid;
      gap: 0.25rem;
      margin-top: 0.75rem;
      font-size: 0.875rem;
    }
    .added {
      color: var(--_success);
    }
    .removed {
      color: var(--_danger);
    }
    dd button {
      margin-left: 0.5rem;
      font-size: 0.8rem;
    }
    .files {
      display: grid;
      gap: 0.5rem;
      margin: 0 0 0.75rem;
      padding: 0;
      list-style: none;
      font-size: 0.8rem;
    }
    .file-header {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 0.6rem;
      align-items: baseline;
    }
    .path {
      font-family: var(--_mono);
      overflow-wrap: anywhere;
    }
    .status,
    .size,
    .note,
    .too-large {
      color: var(--_muted);
    }
    /* One card for a model step: each call in a bordered item with its own answers. */
    .step {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.5rem;
    }
    .step > li {
      padding: 0.5rem;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }
    .step h3 {
      margin: 0;
      font-size: 1rem;
    }
    .stale {
      padding: 0.5rem;
      border: 1px solid var(--_danger);
      border-radius: var(--_radius);
      color: var(--_text);
    }
    /* One file's diff: a bounded, scrollable CodeMirror view; lines wrap, never one long row. */
    .diff {
      margin-top: 0.25rem;
      max-height: 16rem;
      overflow: auto;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      font-size: 0.8rem;
    }
    .diff:empty::before {
      display: block;
      padding: 0.5rem;
      content: 'Loading the change…';
      color: var(--_muted);
    }
    .queue {
      font-size: 0.8rem;
      color: var(--_muted);
    }
  `,
];
