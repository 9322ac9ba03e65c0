/**
 * The host's link to the current shell frame. The shell's first window message carries a port,
 * and every later shell message travels on it, so the host listens for window messages only
 * until then. While a listener is there, every message any frame posts to the top window runs
 * host script (300,000 of them cost the host seconds); with none, they run no host script.
 */
import {
  PREVIEW_MESSAGE_TYPES as TYPES,
  type ShellLinkMessage,
  type ShellMessage,
} from './messages.js';

export class ShellLink {
  private shell: { frame: HTMLIFrameElement; id: number } | null = null;
  private port: MessagePort | null = null;

  constructor(
    private readonly receive: (message: ShellMessage, ports: readonly MessagePort[]) => void,
  ) {}

  /** Waits for the port of the shell in `frame`, made for load `id`; ends the previous link. */
  expect(frame: HTMLIFrameElement, id: number): void {
    this.close();
    this.shell = { frame, id };
    window.addEventListener('message', this.onWindowMessage);
  }

  close(): void {
    window.removeEventListener('message', this.onWindowMessage);
    this.shell = null;
    this.port?.close();
    this.port = null;
  }

  private readonly onWindowMessage = (event: MessageEvent): void => {
    const shell = this.shell;
    // Anything but the current shell is dropped unread: reading `data` would deserialize it.
    if (!shell || event.source !== shell.frame.contentWindow) return;
    const { type, id } = event.data as ShellLinkMessage;
    if (type !== TYPES.link || id !== shell.id || event.ports.length !== 1) return;
    window.removeEventListener('message', this.onWindowMessage);
    this.port = event.ports[0]!;
    this.port.onmessage = (message: MessageEvent) =>
      this.receive(message.data as ShellMessage, message.ports);
  };
}
