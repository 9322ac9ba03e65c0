import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';
import { starterNoticeStyles } from '../shared/starter-notice.js';

export const runtimeStyles = [
  tokens,
  starterNoticeStyles,
  css`
    :host {
      display: contents;
    }
  `,
];
