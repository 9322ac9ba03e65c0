import { ContextProvider } from '@lit/context';
import { html, type ReactiveController, type ReactiveElement } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { announcerContext, createAnnouncer } from '../shared/announcer.js';

/**
 * The studio's one polite live region. Elements inside reach it through `announcerContext`;
 * their bursts are merged, so one action is heard as one or two short sentences.
 */
export class StudioAnnouncer implements ReactiveController {
  private text = '';
  private count = 0;
  private readonly announcer = createAnnouncer((text) => {
    this.text = text;
    this.count++;
    this.host.requestUpdate();
  });
  /** Notices already told, so a notice that stays on screen is heard once. */
  private readonly told = new Set<string>();

  constructor(private readonly host: ReactiveElement) {
    new ContextProvider(host, { context: announcerContext, initialValue: this.announcer });
    host.addController(this);
  }

  hostDisconnected(): void {
    this.announcer.dispose();
  }

  /** Tells a notice the first time it shows; a notice gone may be told again when it returns. */
  notice(...texts: (string | undefined)[]): void {
    const showing = new Set(texts.filter((text): text is string => !!text));
    for (const text of showing) if (!this.told.has(text)) this.announcer.announce(text);
    this.told.clear();
    for (const text of showing) this.told.add(text);
  }

  /** A new node per announcement: a screen reader reads an addition, the same words included. */
  render() {
    return html`<div class="visually-hidden" part="announcer" role="status" aria-live="polite">
      ${keyed(this.count, html`<p>${this.text}</p>`)}
    </div>`;
  }
}
