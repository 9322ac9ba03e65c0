import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function traced() {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
  });
  await runtime.ready;
  const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
  return { runtime, element };
}

/** Opens the group of the first call, then finds its Details button. */
const detailsButton = async (element: CaTrace) => {
  const group = await waitFor(
    () => element.shadowRoot!.querySelector<HTMLButtonElement>('button[part="group"]'),
    'a group',
  );
  if (group.getAttribute('aria-expanded') === 'false') group.click();
  await element.updateComplete;
  return waitFor(
    () => element.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-controls^="detail-"]'),
    'a Details button',
  );
};

describe('<ca-trace> detail view per row', () => {
  it('shows bounded arguments and result with source redacted, and toggles with aria-expanded', async () => {
    const { runtime, element } = await traced();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: 'const SECRET_SOURCE = 1;',
    });
    const button = await detailsButton(element);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.click();
    await element.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    const detail = element.shadowRoot!.querySelector<HTMLElement>('[part="detail"]')!;
    expect(detail.id).to.equal(button.getAttribute('aria-controls'));
    const text = detail.querySelector('pre')!.textContent!;
    const shown = JSON.parse(text) as {
      name: string;
      details: { arguments: Record<string, unknown>; result: unknown };
    };
    expect(shown.name).to.equal('workspace.writeFile');
    expect(shown.details.arguments.path).to.equal('app.js');
    expect(text).not.to.contain('SECRET_SOURCE');
    expect(JSON.stringify(shown.details.result)).to.contain('revision');
    await expect(element).to.be.accessible();
    button.click();
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part="detail"]')).to.equal(null);
  });

  it('keeps the error code of a failed call in its detail', async () => {
    const { runtime, element } = await traced();
    await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing.html' });
    (await detailsButton(element)).click();
    await element.updateComplete;
    const text = element.shadowRoot!.querySelector('[part="detail"] pre')!.textContent!;
    expect(text).to.contain('WORKSPACE_FILE_NOT_FOUND');
  });
});
