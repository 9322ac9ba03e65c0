import { ContextConsumer, createContext } from '@lit/context';
import type { ReactiveElement } from 'lit';

/**
 * Where elements inside a `<ca-studio>` send what a screen reader should hear. The studio owns
 * the one polite live region; elements ask it to speak instead of each keeping a region that
 * re-reads its whole content on every change.
 */
export interface Announcer {
  /** One short plain sentence. Repeats and bursts are merged before anything is spoken. */
  announce(message: string): void;
}

/** Made from a registered symbol so that two copies of the bundle on one page still meet. */
export const announcerContext = createContext<Announcer | undefined>(
  Symbol.for('context-action.announcer'),
);

/** How long messages gather before they are spoken as one: one action's consequences. */
export const ANNOUNCE_GATHER_MS = 400;

/** Within this time the same words again are an echo, not news. */
const ECHO_MS = 2000;

/**
 * Gathers messages for `gatherMs`, drops repeats within the batch and a batch identical to the
 * one spoken in the last two seconds, then hands one text to `speak`.
 */
export function createAnnouncer(
  speak: (text: string) => void,
  gatherMs = ANNOUNCE_GATHER_MS,
): Announcer & { dispose(): void } {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  let lastAt = -Infinity;
  const flush = () => {
    timer = undefined;
    const text = pending.join(' ');
    pending = [];
    const now = performance.now();
    if (!text || (text === last && now - lastAt < ECHO_MS)) return;
    last = text;
    lastAt = now;
    speak(text);
  };
  return {
    announce(message) {
      const sentence = message.replace(/\s+/g, ' ').trim();
      if (!sentence || pending.includes(sentence)) return;
      pending.push(sentence);
      timer ??= setTimeout(flush, gatherMs);
    },
    dispose() {
      clearTimeout(timer);
      pending = [];
    },
  };
}

/**
 * The announcer of the enclosing studio, if any. An element with one drops its own live
 * semantics and speaks through it; without one (used on its own) it keeps its own region.
 */
export class AnnouncerConsumer {
  private readonly consumer: ContextConsumer<typeof announcerContext, ReactiveElement>;

  constructor(host: ReactiveElement) {
    this.consumer = new ContextConsumer(host, { context: announcerContext, subscribe: true });
  }

  get value(): Announcer | undefined {
    return this.consumer.value;
  }

  /** `aria-live` for the element's own region: silent while the studio speaks for it. */
  get live(): 'off' | 'polite' {
    return this.consumer.value ? 'off' : 'polite';
  }

  /** `role` for the element's own status region: none while the studio speaks for it. */
  get statusRole(): 'status' | undefined {
    return this.consumer.value ? undefined : 'status';
  }

  announce(message: string): void {
    this.consumer.value?.announce(message);
  }

  private readonly followed = new Map<string, string>();

  /**
   * Tells `text` when it differs from the last text followed under `key`; the first one is
   * what the element showed from the start, not news.
   */
  follow(key: string, text: string | undefined): void {
    const next = text?.trim() ?? '';
    const previous = this.followed.get(key);
    this.followed.set(key, next);
    if (previous !== undefined && next && next !== previous) this.announce(next);
  }
}
