/**
 * The AI SDK's own chat client, as `useChat` runs it but without a UI framework: `AbstractChat`
 * with a plain in-memory state. Client-side tools answer through `onToolCall` and
 * `addToolOutput`, and `sendAutomaticallyWhen` sends the next step, as the docs describe.
 */
import { AbstractChat, type ChatInit, type ChatState, type ChatStatus, type UIMessage } from 'ai';

function plainState(): ChatState<UIMessage> {
  return {
    status: 'ready' as ChatStatus,
    error: undefined,
    messages: [],
    pushMessage(message) {
      this.messages = [...this.messages, message];
    },
    popMessage() {
      this.messages = this.messages.slice(0, -1);
    },
    replaceMessage(index, message) {
      this.messages = this.messages.map((existing, at) => (at === index ? message : existing));
    },
    snapshot: (thing) => structuredClone(thing),
  };
}

export class PlainChat extends AbstractChat<UIMessage> {
  constructor(init: Omit<ChatInit<UIMessage>, 'messages'>) {
    super({ ...init, state: plainState() });
  }
}
