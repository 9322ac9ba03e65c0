import { expect } from '@open-wc/testing';
import { discover, discoverInDocument } from '../../../src/elements/shared/discover.js';

/** Lets queued mutation records, imports and a task run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

// One page for the whole file: an element once defined stays defined, so each case uses tags
// the cases before it left alone.
describe('discover: elements defined where a page uses them', () => {
  it('defines nothing for a document that uses no dialog, however it changes', async () => {
    discoverInDocument();
    const box = document.createElement('div');
    box.innerHTML = '<p>text</p><ca-unknown-dialog></ca-unknown-dialog><section></section>';
    document.body.append(box);
    await settle();
    box.remove();
    for (const tag of ['ca-settings', 'ca-catalog', 'ca-search', 'ca-host-connect', 'ca-chat'])
      expect(customElements.get(tag), tag).to.equal(undefined);
  });

  it('defines a dialog added to the document later, deep inside other markup', async () => {
    const box = document.createElement('div');
    box.innerHTML = '<section><ca-search></ca-search></section>';
    document.body.append(box);
    await customElements.whenDefined('ca-search');
    expect(box.querySelector('ca-search')).to.have.property('show');
    expect(customElements.get('ca-settings')).to.equal(undefined);
    box.remove();
  });

  it('leaves a shadow root to `discover`, which defines what it holds', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<ca-catalog></ca-catalog>';
    await settle();
    // The document's watch does not see into shadow roots.
    expect(customElements.get('ca-catalog')).to.equal(undefined);
    await discover(root);
    expect(customElements.get('ca-catalog')).to.not.equal(undefined);
    expect(customElements.get('ca-settings')).to.equal(undefined);
    host.remove();
  });

  it("defines a studio's panel used on its own, and the other panels with it", async () => {
    const box = document.createElement('div');
    box.innerHTML = '<ca-runtime storage="memory"><ca-trace></ca-trace></ca-runtime>';
    document.body.append(box);
    await customElements.whenDefined('ca-trace');
    for (const tag of ['ca-explorer', 'ca-chat', 'ca-approval', 'ca-workspace-actions'])
      expect(customElements.get(tag), tag).to.not.equal(undefined);
    expect(customElements.get('ca-settings')).to.equal(undefined);
    box.remove();
  });

  it('defines the root itself when it is a dialog element', async () => {
    const settings = document.createElement('ca-settings');
    await discover(settings);
    expect(customElements.get('ca-settings')).to.not.equal(undefined);
    expect(customElements.get('ca-host-connect')).to.equal(undefined);
  });
});
