import { defineElement } from '../shared/define-element.js';
import { CaChat } from './chat.element.js';

export { CaChat };
export type { PromptSubmitDetail } from './chat.element.js';

defineElement('ca-chat', CaChat);

declare global {
  interface HTMLElementTagNameMap {
    'ca-chat': CaChat;
  }
}
