/**
 * A Web Storage implementation for Node tests (Node 20 has no `localStorage`). `failWrites`
 * makes `setItem` throw the way a full or blocked browser storage does.
 */
export class MemoryStorage implements Storage {
  failWrites = false;
  readonly #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.#items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  clear(): void {
    this.#items.clear();
  }
}

/** What a browser dispatches in other same-origin tabs after a write (`key: null` for clear). */
export function storageEvent(key: string | null, storageArea: Storage): Event {
  return Object.assign(new Event('storage'), { key, storageArea });
}
