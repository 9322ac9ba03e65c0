import type { ChildProcess } from 'node:child_process';
import type { CarrierOffer } from '../../src/runtime/index.js';

export interface Companion {
  offer: CarrierOffer;
  child: ChildProcess;
  /** Everything the companion wrote to stderr so far. */
  stderr(): string;
  /** Resolves when stderr contains `text`. */
  waitForStderr(text: string): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface CompanionOptions {
  args?: string[];
  env?: Record<string, string>;
  /** `source` (tsx over src/host/cli.ts, default) or `bin` (the package bin over dist). */
  entry?: 'source' | 'bin';
}

export function startCompanion(folder: string, options?: CompanionOptions): Promise<Companion>;
export function makeSite(files: Record<string, string>): Promise<string>;
export function hostCompanionCommands(): unknown;
