import { ContextProvider } from '@lit/context';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/preview/preview.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import {
  runtimeContext,
  type ElementRuntime,
} from '../../../src/elements/shared/runtime-context.js';
import { createCapabilityTable } from '../../../src/runtime/registry/capability-table.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createPreviewSelectionStore } from '../../../src/runtime/preview/selection.js';
import { createTestWorkspace } from '../../bridge/sandbox/fixtures.js';

const never = () => new AbortController().signal;

function createRuntime(files: Record<string, string>): ElementRuntime & {
  workspace: ReturnType<typeof createTestWorkspace>;
} {
  return {
    workspace: createTestWorkspace(files),
    capabilities: createCapabilityTable(),
    previewSelection: createPreviewSelectionStore(),
  };
}

async function ready(element: CaPreview, revision: number) {
  await element.updateComplete;
  const outcome = await element.controller!.waitForRevision(revision, never());
  expect(outcome.ok, JSON.stringify(outcome)).to.equal(true);
  await element.updateComplete;
}

describe('<ca-preview>', () => {
  it('works alone given a runtime property and shows the workspace', async () => {
    const runtime = createRuntime({ 'index.html': '<h1>Hi</h1>' });
    const element = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    await ready(element, 1);
    expect(element.frame!.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(element.frame!.srcdoc).to.contain('<h1>Hi</h1>');
    expect(element.shadowRoot!.querySelector('[part="status"]')!.textContent).to.contain(
      'ready · revision 1',
    );
  });

  it('gets the runtime from @lit/context', async () => {
    const runtime = createRuntime({ 'index.html': '<p>context</p>' });
    const wrapper = document.createElement('div');
    new ContextProvider(wrapper, { context: runtimeContext, initialValue: runtime });
    document.body.append(wrapper);
    const element = document.createElement('ca-preview');
    wrapper.append(element);
    await ready(element, 1);
    expect(element.frame!.srcdoc).to.contain('<p>context</p>');
    wrapper.remove();
  });

  it('provides the preview host capability while connected', async () => {
    const runtime = createRuntime({ 'index.html': '<p>x</p>' });
    const element = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    await ready(element, 1);
    const host = runtime.capabilities.resolve(previewHostCapability);
    expect(host).to.equal(element.controller);
    const next = runtime.workspace.write({ 'index.html': '<p>y</p>' });
    expect(await host!.waitForRevision(next, never())).to.deep.equal({
      ok: true,
      value: { revision: next, state: 'ready' },
    });
    element.remove();
    expect(runtime.capabilities.resolve(previewHostCapability)).to.equal(undefined);
  });

  it('lists diagnostics and counts console messages', async () => {
    const runtime = createRuntime({
      'index.html':
        '<script src="https://cdn.example/x.js"></script><script>console.log("a"); console.warn("b"); console.error("c"); setTimeout(() => { throw new Error("late") })</script>',
    });
    const element = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    await element.updateComplete;
    await new Promise<void>((resolve) => {
      const stop = element.controller!.subscribe(() => {
        if (element.controller!.getSnapshot().console.counts.error === 2) {
          stop();
          resolve();
        }
      });
    });
    await element.updateComplete;
    const root = element.shadowRoot!;
    expect(root.querySelector('[part="diagnostics"]')!.textContent).to.contain(
      'External script blocked',
    );
    expect(root.querySelector('[part="console"] summary')!.textContent).to.match(
      /1 log · 1 warn · 2 error/,
    );
    expect(root.querySelector('[part="console"] ol')!.textContent).to.contain('late');
  });

  it('enters full screen and returns on Escape', async () => {
    const runtime = createRuntime({ 'index.html': '<p>x</p>' });
    const element = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    await ready(element, 1);
    const button = [...element.shadowRoot!.querySelectorAll('button')].find((b) =>
      b.textContent!.includes('Full screen'),
    )!;
    button.click();
    await element.updateComplete;
    expect(element.hasAttribute('fullscreen')).to.equal(true);
    expect(getComputedStyle(element).position).to.equal('fixed');
    button.focus();
    const left = oneEvent(element, 'ca-fullscreen-change');
    await sendKeys({ press: 'Escape' });
    expect((await left).detail).to.deep.equal({ fullscreen: false });
    expect(element.hasAttribute('fullscreen')).to.equal(false);
  });

  it('picks an element: selector, HTML, styles and viewport go to the runtime', async () => {
    const runtime = createRuntime({
      'index.html':
        '<style>body{margin:0} #target{display:block;width:200px;height:100px;color:rgb(255, 0, 0)}</style><section><a id="target" href="#">Pick me</a></section>',
    });
    const element = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    await ready(element, 1);
    const picker = [...element.shadowRoot!.querySelectorAll('button')].find((b) =>
      b.textContent!.includes('Pick element'),
    )!;
    picker.click();
    await element.updateComplete;
    expect(picker.getAttribute('aria-pressed')).to.equal('true');
    const box = element.frame!.getBoundingClientRect();
    const picked = oneEvent(element, 'ca-preview-select');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sendMouse({ type: 'click', position: [Math.round(box.x + 20), Math.round(box.y + 20)] });
    const selection = (await picked).detail;
    expect(selection.selector).to.equal('#target');
    expect(selection.html).to.contain('Pick me');
    expect(selection.styles.color).to.equal('rgb(255, 0, 0)');
    expect(selection.viewport.width).to.be.greaterThan(0);
    expect(runtime.previewSelection!.getSnapshot()).to.deep.equal(selection);
    await element.updateComplete;
    expect(picker.getAttribute('aria-pressed')).to.equal('false');
  });

  it('is accessible', async () => {
    const runtime = createRuntime({ 'index.html': '<p>x</p>' });
    const element = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    await ready(element, 1);
    await expect(element).to.be.accessible();
  });
});
