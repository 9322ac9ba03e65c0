/**
 * Messages a page posts to the top window: the host runs no script for them once the preview
 * is up. Counted by the reads of `MessageEvent.prototype.source`, which any listener that
 * checks a message's sender makes: each message that ran host script would read it once.
 */
import { expect } from '@open-wc/testing';
import { mountPreview, type Mounted } from './harness.js';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

const sourceGetter = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'source')!.get!;

/** How often host script read a message's sender while `during` ran. */
async function sourceReads(during: () => Promise<void>): Promise<number> {
  let reads = 0;
  Object.defineProperty(MessageEvent.prototype, 'source', {
    configurable: true,
    get(this: MessageEvent) {
      reads += 1;
      return sourceGetter.call(this);
    },
  });
  try {
    await during();
  } finally {
    Object.defineProperty(MessageEvent.prototype, 'source', {
      configurable: true,
      get: sourceGetter,
    });
  }
  return reads;
}

describe('preview: window messages to the host', () => {
  it('10,000 messages a page posts to the top window (and 10,000 to the shell) run no host script', async () => {
    const reads = await sourceReads(async () => {
      const ended = new Promise<void>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          if (event.data !== 'flood end') return;
          window.removeEventListener('message', onMessage);
          resolve();
        };
        window.addEventListener('message', onMessage);
      });
      mounted = mountPreview({
        'index.html': `<p>flood</p><script>addEventListener('load', () => setTimeout(() => {
          for (let i = 0; i < 10000; i++) { top.postMessage(i, '*'); parent.postMessage(i, '*'); }
          top.postMessage('flood end', '*');
        }, 100));</script>`,
      });
      expect((await mounted.settle()).ok).to.equal(true);
      await ended;
    });
    // One read: the shell's first message, which hands the host its port.
    expect(reads).to.equal(1);
    // The preview still works: a reload after the flood is acknowledged.
    mounted!.workspace.write({ 'index.html': '<p>after</p>' });
    expect((await mounted!.settle()).ok).to.equal(true);
  });
});
