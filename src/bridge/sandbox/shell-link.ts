/**
 * The host's link to the current shell frame. The shell's first window message carries a port,
 * and every later shell message travels on it, so the host listens for window messages only
 * until then. While a listener is there, every message any frame posts to the top window runs
 * host script (300,000 of them cost the host seconds); with none, they run no host script.
 */
import { FRAME_SHELL_BUILD } from './frame-sources.generated.js';
import {
  PREVIEW_MESSAGE_TYPES as TYPES,
  type ShellLinkMessage,
  type ShellMessage,
} from './messages.js';

export class ShellLink {
  private shell: { frame: HTMLIFrameElement; id: number; linked?: () => void } | null = null;
  private port: MessagePort | null = null;

  constructor(
    private readonly receive: (message: ShellMessage, ports: readonly MessagePort[]) => void,
  ) {}

  /**
   * Waits for the port of the shell in `frame`, made for load `id`, and calls `linked` once it
   * is there; ends the previous link. Only a shell of this build counts.
   */
  expect(frame: HTMLIFrameElement, id: number, linked?: () => void): void {
    this.close();
    this.shell = { frame, id, ...(linked ? { linked } : {}) };
    window.addEventListener('message', this.onWindowMessage);
  }

  /** The current shell's port is here. */
  get linked(): boolean {
    return this.port !== null;
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
    const { type, id, build } = event.data as ShellLinkMessage;
    if (type !== TYPES.link || id !== shell.id || event.ports.length !== 1) return;
    if (build !== FRAME_SHELL_BUILD) return;
    window.removeEventListener('message', this.onWindowMessage);
    this.port = event.ports[0]!;
    this.port.onmessage = (message: MessageEvent) =>
      this.receive(message.data as ShellMessage, message.ports);
    shell.linked?.();
  };
}
