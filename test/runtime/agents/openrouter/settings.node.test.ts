import { expect } from 'chai';
import { describe, it } from 'node:test';
import {
  createOpenRouterSettingsStore,
  DEFAULT_OPENROUTER_ENDPOINT,
  DEFAULT_OPENROUTER_MODEL,
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
} from '../../../../src/runtime/agents/openrouter/settings.js';
import { MemoryStorage, storageEvent } from '../../../support/memory-storage.js';

describe('OpenRouter settings store', () => {
  it('starts from the defaults with no key', () => {
    const store = createOpenRouterSettingsStore({ storage: new MemoryStorage(), events: null });
    expect(store.getSnapshot()).to.deep.equal({
      model: DEFAULT_OPENROUTER_MODEL,
      endpoint: DEFAULT_OPENROUTER_ENDPOINT,
      dataPolicy: 'allow',
      storage: 'local',
    });
  });

  it('saves the key under the shared key and the rest as JSON', () => {
    const storage = new MemoryStorage();
    const store = createOpenRouterSettingsStore({ storage, events: null });
    const outcome = store.update({ apiKey: 'sk-or-1', model: 'a/b', dataPolicy: 'zdr' });
    expect(outcome.ok).to.equal(true);
    expect(storage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal('sk-or-1');
    expect(JSON.parse(storage.getItem(OPENROUTER_SETTINGS_STORAGE_KEY) ?? '')).to.deep.equal({
      model: 'a/b',
      endpoint: DEFAULT_OPENROUTER_ENDPOINT,
      dataPolicy: 'zdr',
    });
    const reopened = createOpenRouterSettingsStore({ storage, events: null }).getSnapshot();
    expect(reopened).to.include({ apiKey: 'sk-or-1', model: 'a/b', dataPolicy: 'zdr' });
  });

  it('clears the key with an empty string or null', () => {
    const storage = new MemoryStorage();
    const store = createOpenRouterSettingsStore({ storage, events: null });
    store.update({ apiKey: 'sk-or-1' });
    store.update({ apiKey: '' });
    expect(store.getSnapshot()).to.not.have.property('apiKey');
    expect(storage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal(null);
    store.update({ apiKey: 'sk-or-2' });
    store.update({ apiKey: null });
    expect(store.getSnapshot()).to.not.have.property('apiKey');
  });

  it('validates every field first: a bad patch changes nothing', () => {
    const storage = new MemoryStorage();
    const store = createOpenRouterSettingsStore({ storage, events: null });
    store.update({ apiKey: 'sk-or-1' });
    const before = store.getSnapshot();
    let notified = 0;
    store.subscribe(() => notified++);
    const cases = [
      [{ apiKey: 'sk-new', endpoint: 'ftp://example.com' }, 'endpoint'],
      [{ apiKey: 'has space' }, 'apiKey'],
      [{ apiKey: 'k'.repeat(513) }, 'apiKey'],
      [{ model: '' }, 'model'],
      [{ model: 'm'.repeat(201) }, 'model'],
      [{ endpoint: 'not a url' }, 'endpoint'],
      [{ dataPolicy: 'maybe' }, 'dataPolicy'],
    ] as const;
    for (const [patch, field] of cases) {
      const outcome = store.update(patch as Parameters<typeof store.update>[0]);
      expect(outcome.ok).to.equal(false);
      if (outcome.ok) continue;
      expect(outcome.error).to.include({ code: 'OPENROUTER_SETTINGS_INVALID', retryable: false });
      expect(outcome.error.details).to.deep.equal({ field });
    }
    expect(store.getSnapshot()).to.equal(before);
    expect(notified).to.equal(0);
    expect(storage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal('sk-or-1');
  });

  it('keeps the same snapshot object until something changes', () => {
    const store = createOpenRouterSettingsStore({ storage: new MemoryStorage(), events: null });
    const first = store.getSnapshot();
    store.update({ model: DEFAULT_OPENROUTER_MODEL });
    expect(store.getSnapshot()).to.equal(first);
    store.update({ model: 'other/model' });
    expect(store.getSnapshot()).to.not.equal(first);
  });

  it('falls back to memory for the session when a write throws', () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    const store = createOpenRouterSettingsStore({ storage, events: null });
    expect(store.getSnapshot().storage).to.equal('local');
    const outcome = store.update({ apiKey: 'sk-or-1' });
    expect(outcome.ok && outcome.value).to.include({ apiKey: 'sk-or-1', storage: 'memory' });
    storage.failWrites = false;
    store.update({ model: 'x/y' });
    expect(store.getSnapshot()).to.include({ apiKey: 'sk-or-1', model: 'x/y', storage: 'memory' });
    expect(storage.getItem(OPENROUTER_SETTINGS_STORAGE_KEY)).to.equal(null);
  });

  it('runs in memory when there is no storage', () => {
    const store = createOpenRouterSettingsStore({ storage: null, events: null });
    store.update({ apiKey: 'sk-or-1' });
    expect(store.getSnapshot()).to.include({ apiKey: 'sk-or-1', storage: 'memory' });
  });

  it('runs in memory when reading storage throws', () => {
    const storage = new MemoryStorage();
    storage.getItem = () => {
      throw new DOMException('Blocked.', 'SecurityError');
    };
    const store = createOpenRouterSettingsStore({ storage, events: null });
    expect(store.getSnapshot()).to.include({ storage: 'memory', model: DEFAULT_OPENROUTER_MODEL });
  });

  it('ignores invalid stored JSON and invalid stored fields', () => {
    const storage = new MemoryStorage();
    storage.setItem(OPENROUTER_SETTINGS_STORAGE_KEY, '{not json');
    expect(createOpenRouterSettingsStore({ storage, events: null }).getSnapshot()).to.include({
      model: DEFAULT_OPENROUTER_MODEL,
    });
    storage.setItem(
      OPENROUTER_SETTINGS_STORAGE_KEY,
      JSON.stringify({ model: 'ok/model', endpoint: 'javascript:alert(1)', dataPolicy: 7 }),
    );
    storage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, 'bad key');
    const snapshot = createOpenRouterSettingsStore({ storage, events: null }).getSnapshot();
    expect(snapshot).to.deep.equal({
      model: 'ok/model',
      endpoint: DEFAULT_OPENROUTER_ENDPOINT,
      dataPolicy: 'allow',
      storage: 'local',
    });
  });

  describe('same-origin live updates', () => {
    it('follows another tab’s write through a storage event', () => {
      const storage = new MemoryStorage();
      const events = new EventTarget();
      const store = createOpenRouterSettingsStore({ storage, events });
      let notified = 0;
      store.subscribe(() => notified++);
      storage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, 'sk-from-other-tab');
      events.dispatchEvent(storageEvent(OPENROUTER_API_KEY_STORAGE_KEY, storage));
      expect(store.getSnapshot().apiKey).to.equal('sk-from-other-tab');
      expect(notified).to.equal(1);
    });

    it('follows clear(), whose event has a null key', () => {
      const storage = new MemoryStorage();
      const events = new EventTarget();
      const store = createOpenRouterSettingsStore({ storage, events });
      store.update({ apiKey: 'sk-or-1', model: 'a/b' });
      storage.clear();
      events.dispatchEvent(storageEvent(null, storage));
      expect(store.getSnapshot()).to.deep.equal({
        model: DEFAULT_OPENROUTER_MODEL,
        endpoint: DEFAULT_OPENROUTER_ENDPOINT,
        dataPolicy: 'allow',
        storage: 'local',
      });
    });

    it('ignores other keys, other storage areas, and events after dispose', () => {
      const storage = new MemoryStorage();
      const events = new EventTarget();
      const store = createOpenRouterSettingsStore({ storage, events });
      let notified = 0;
      store.subscribe(() => notified++);
      storage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, 'sk-1');
      events.dispatchEvent(storageEvent('unrelated', storage));
      events.dispatchEvent(storageEvent(OPENROUTER_API_KEY_STORAGE_KEY, new MemoryStorage()));
      expect(notified).to.equal(0);
      store.dispose();
      events.dispatchEvent(storageEvent(OPENROUTER_API_KEY_STORAGE_KEY, storage));
      expect(store.getSnapshot()).to.not.have.property('apiKey');
    });
  });
});
