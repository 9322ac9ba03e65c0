/** The preview's console as the panel shows it: bounded entries and per-level counts. */
import type { ConsoleLevel } from './messages.js';

/** One console message from preview code, tagged with the revision that logged it. */
export interface PreviewConsoleEntry {
  id: number;
  level: ConsoleLevel;
  text: string;
  revision: number;
}

/** The preview's console as the panel shows it: the latest entries and per-level counts. */
export interface PreviewConsoleState {
  entries: readonly PreviewConsoleEntry[];
  counts: { log: number; warn: number; error: number };
}

const MAX_ENTRIES = 200;

export class PreviewConsole {
  private state: PreviewConsoleState = { entries: [], counts: { log: 0, warn: 0, error: 0 } };
  private nextId = 1;

  constructor(private readonly onChange: () => void) {}

  getSnapshot(): PreviewConsoleState {
    return this.state;
  }

  add(level: ConsoleLevel, args: readonly string[], revision: number): void {
    const entry = { id: this.nextId++, level, text: args.join(' '), revision };
    const bucket = level === 'warn' || level === 'error' ? level : 'log';
    this.state = {
      entries: [...this.state.entries, entry].slice(-MAX_ENTRIES),
      counts: { ...this.state.counts, [bucket]: this.state.counts[bucket] + 1 },
    };
    this.onChange();
  }

  clear(): void {
    if (
      this.state.entries.length === 0 &&
      this.state.counts.log + this.state.counts.warn + this.state.counts.error === 0
    )
      return;
    this.state = { entries: [], counts: { log: 0, warn: 0, error: 0 } };
    this.onChange();
  }
}
