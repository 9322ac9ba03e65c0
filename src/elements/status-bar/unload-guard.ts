/**
 * The `beforeunload` guard (E9): registered only while a linked folder has edits the explicit
 * Save to folder boundary has not written, so a browser-only workspace never shows a misleading
 * warning.
 */
/** Asks the browser to confirm leaving the page. */
export function vetoUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium and Safari show the prompt only when returnValue is set.
  event.returnValue = '';
}

export interface UnloadGuard {
  /** Registers (true) or removes (false) the listener; repeated calls are harmless. */
  set(active: boolean): void;
  readonly active: boolean;
}

export function createUnloadGuard(target: Window = window): UnloadGuard {
  let active = false;
  return {
    get active() {
      return active;
    },
    set(next) {
      if (next === active) return;
      active = next;
      if (next) target.addEventListener('beforeunload', vetoUnload);
      else target.removeEventListener('beforeunload', vetoUnload);
    },
  };
}
