import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/runtime/runtime.js';
import '../../../src/elements/studio/studio.js';
import '../../../src/elements/chat/chat.js';
import '../../../src/elements/approval/approval.js';
import type { CaRuntime } from '../../../src/elements/runtime/runtime.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import type { RuntimeChangeDetail } from '../../../src/elements/shared/runtime-owner.js';
import { NO_RUNTIME_MESSAGE } from '../../../src/elements/shared/runtime-controller.js';
import {
  type StudioRuntime,
  createStudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { uniqueName, waitFor } from '../../support/wait.js';

const LOCAL = { context: { source: 'local', mode: 'direct' } } as const;

const listed = (runtime: StudioRuntime) =>
  runtime.agentTools.listTools().tools.map((tool) => tool.name);

/** Counts `dispose()` calls on a runtime without changing what it does. */
function countDisposals(runtime: StudioRuntime) {
  const count = { value: 0 };
  const dispose = runtime.dispose;
  runtime.dispose = () => {
    count.value++;
    dispose();
  };
  return count;
}

const shadowText = (element: Element) => element.shadowRoot!.textContent!.replace(/\s+/g, ' ');

describe('<ca-runtime> attributes, set in markup and changed at run time', () => {
  it('storage, agent, tools and readonly from markup configure the runtime it provides', async () => {
    const element = await fixture<CaRuntime>(html`
      <ca-runtime
        workspace=${uniqueName('markup')}
        storage="memory"
        agent="none"
        tools="workspace.* preview.getStatus"
        readonly
      >
        <ca-chat></ca-chat>
      </ca-runtime>
    `);
    const runtime = element.runtime!;
    await runtime.ready;
    const chat = element.querySelector('ca-chat')!;

    // Descendants receive it through context.
    expect((chat as unknown as { runtimeRef: { value: unknown } }).runtimeRef.value).to.equal(
      runtime,
    );
    expect(runtime.workspace.getSnapshot().storageMode).to.equal('memory');
    expect(getComputedStyle(element).display).to.equal('contents');

    // tools: agents and MCP clients see and call only the scope; a person is unaffected.
    expect(listed(runtime)).to.include('workspace.readFile');
    expect(listed(runtime)).to.include('preview.getStatus');
    expect(listed(runtime)).not.to.include('preview.refresh');
    const outside = await runtime.registry.executeModelToolCall({
      id: 'm1',
      name: 'preview.refresh',
      arguments: {},
    });
    expect(outside.error?.code).to.equal('TOOL_NOT_ALLOWED');
    expect(outside.error?.details?.reason).to.equal('tool-scope');
    const person = await runtime.registry.callTool('workspace.getStatus', {}, LOCAL);
    expect(person.error).to.equal(undefined);

    // readonly: every mutating tool refuses, a person's call too; reads still run.
    const write = await runtime.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>no</h1>' },
      LOCAL,
    );
    expect(write.error?.code).to.equal('TOOL_READ_ONLY');
    const read = await runtime.registry.callTool(
      'workspace.readFile',
      { path: 'index.html' },
      LOCAL,
    );
    expect(read.error).to.equal(undefined);

    // agent="none": Send explains instead of doing nothing.
    expect(shadowText(chat)).to.include('No agent');
    await (chat as CaChat).submit('make the accent green');
    await waitFor(
      () =>
        shadowText(chat).includes('AGENT_NOT_CONFIGURED') ||
        shadowText(chat).includes('No agent is configured'),
      'the no-agent message',
    );
    expect(shadowText(chat)).to.include('No agent is configured here');
  });

  it('agent, tools and readonly changed at run time apply to the same runtime', async () => {
    const element = await fixture<CaRuntime>(html`
      <ca-runtime
        workspace=${uniqueName('live')}
        storage="memory"
        readonly
        tools="workspace.*"
      ></ca-runtime>
    `);
    const runtime = element.runtime!;
    await runtime.ready;
    const changes: RuntimeChangeDetail[] = [];
    element.addEventListener('ca-runtime-change', (event) => changes.push(event.detail));

    element.removeAttribute('readonly');
    element.setAttribute('tools', 'preview.*');
    element.setAttribute('agent', 'local');
    await element.updateComplete;

    expect(element.runtime).to.equal(runtime);
    expect(changes).to.deep.equal([]);
    expect(runtime.config.getSnapshot()).to.deep.equal({
      agent: 'local',
      agentEndpoint: null,
      tools: ['preview.*'],
      readOnly: false,
    });
    const previewTools = runtime.registry
      .listTools()
      .tools.map((tool) => tool.name)
      .filter((name) => name.startsWith('preview.'));
    expect(previewTools).to.have.length.above(0);
    expect(listed(runtime)).to.deep.equal(previewTools);
    const write = await runtime.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>yes</h1>' },
      LOCAL,
    );
    expect(write.error).to.equal(undefined);

    element.setAttribute('readonly', 'false');
    element.removeAttribute('tools');
    await element.updateComplete;
    expect(runtime.config.getSnapshot().readOnly).to.equal(false);
    expect(listed(runtime)).to.include('workspace.writeFile');
  });

  it('a new workspace or storage recreates the runtime, denies pending approvals and fires ca-runtime-change', async () => {
    const element = await fixture<CaRuntime>(html`
      <ca-runtime workspace=${uniqueName('first')} storage="memory">
        <ca-approval></ca-approval>
      </ca-runtime>
    `);
    const first = element.runtime!;
    await first.ready;
    const disposed = countDisposals(first);
    const changes: RuntimeChangeDetail[] = [];
    document.addEventListener('ca-runtime-change', (event) =>
      changes.push((event as CustomEvent<RuntimeChangeDetail>).detail),
    );

    const pending = first.registry.executeModelToolCall({
      id: 'pending',
      name: 'workspace.writeFile',
      arguments: { path: 'index.html', text: '<h1>waiting</h1>' },
    });
    await waitFor(() => first.approvals.store.getSnapshot().length === 1, 'the pending approval');

    element.workspace = uniqueName('second');
    await element.updateComplete;
    const second = element.runtime!;
    expect(second).not.to.equal(first);
    expect(disposed.value).to.equal(1);
    expect((await pending).error?.code).to.equal('TOOL_APPROVAL_DENIED');
    expect(changes.map((change) => change.runtime)).to.deep.equal([second]);

    element.setAttribute('storage', 'indexeddb');
    await element.updateComplete;
    const third = element.runtime!;
    expect(third).not.to.equal(second);
    await third.ready;
    expect(third.workspace.getSnapshot().storageMode).to.equal('indexeddb');
    expect(changes.map((change) => change.runtime)).to.deep.equal([second, third]);
  });
});

describe('<ca-runtime> lifecycle', () => {
  it('moving it within one task keeps the runtime; removing it for good disposes it', async () => {
    const parent = await fixture<HTMLDivElement>(html`
      <div>
        <ca-runtime workspace=${uniqueName('move')} storage="memory"></ca-runtime>
        <section></section>
      </div>
    `);
    const element = parent.querySelector('ca-runtime')!;
    const runtime = element.runtime!;
    const disposed = countDisposals(runtime);

    parent.querySelector('section')!.append(element);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve));
    expect(element.runtime).to.equal(runtime);
    expect(disposed.value).to.equal(0);

    const changes: RuntimeChangeDetail[] = [];
    element.addEventListener('ca-runtime-change', (event) => changes.push(event.detail));
    element.remove();
    await new Promise((resolve) => setTimeout(resolve));
    expect(disposed.value).to.equal(1);
    expect(element.runtime).to.equal(undefined);
    expect(changes).to.deep.equal([{ runtime: undefined }]);
  });

  it('a studio removed while an approval waits denies it: the run ends as denied, then the runtime is disposed', async () => {
    const studio = await fixture<CaStudio>(
      html`<ca-studio workspace=${uniqueName('unmount')} storage="memory"></ca-studio>`,
    );
    const runtime = studio.runtime!;
    await runtime.ready;
    const disposed = countDisposals(runtime);
    const chat = studio.shadowRoot!.querySelector('ca-chat') as CaChat;
    const run = chat.submit('Make the accent blue');
    await waitFor(() => runtime.approvals.store.getSnapshot().length > 0, 'the approval request');
    studio.remove();
    await run;
    expect(runtime.approvals.store.getSnapshot()).to.deep.equal([]);
    const last = runtime.agent.getSnapshot().lastRun;
    expect([last?.status, last?.error?.code]).to.deep.equal(['failed', 'TOOL_APPROVAL_DENIED']);
    await waitFor(() => disposed.value === 1, 'the disposal');
  });

  it('a runtime set by code wins and disposes the one the element created', async () => {
    const element = await fixture<CaRuntime>(
      html`<ca-runtime workspace=${uniqueName('code')} storage="memory"></ca-runtime>`,
    );
    const created = element.runtime!;
    const disposed = countDisposals(created);
    const mine = createStudioRuntime({ storage: 'memory' });
    element.runtime = mine;
    expect(element.runtime).to.equal(mine);
    expect(disposed.value).to.equal(1);
    element.remove();
    await new Promise((resolve) => setTimeout(resolve));
    const kept = await mine.registry.callTool('workspace.getStatus', {}, LOCAL);
    expect(kept.error).to.equal(undefined);
    mine.dispose();
  });
});

describe('the runtime property of <ca-runtime> and <ca-studio>', () => {
  for (const tag of ['ca-runtime', 'ca-studio'] as const) {
    it(`${tag}: undefined keeps the runtime it provides; a runtime set by code reaches the elements inside`, async () => {
      const owner = await fixture<CaRuntime | CaStudio>(
        tag === 'ca-runtime'
          ? html`<ca-runtime storage="memory"><ca-chat></ca-chat></ca-runtime>`
          : html`<ca-studio storage="memory"><ca-chat></ca-chat></ca-studio>`,
      );
      const created = owner.runtime!;
      const disposed = countDisposals(created);
      owner.runtime = undefined;
      expect(owner.runtime).to.equal(created);
      expect(disposed.value).to.equal(0);

      const chat = owner.querySelector('ca-chat')!;
      const ref = (chat as unknown as { runtimeRef: { value: unknown } }).runtimeRef;
      const mine = createStudioRuntime({ storage: 'memory' });
      owner.runtime = mine;
      await owner.updateComplete;
      expect([owner.runtime, ref.value, disposed.value]).to.deep.equal([mine, mine, 1]);
      owner.remove();
      mine.dispose();
    });
  }
});

describe('runtime="ID" links an element to a <ca-runtime> or <ca-studio> anywhere in the document', () => {
  it('says so while nothing is linked, then follows a provider inserted later', async () => {
    const id = uniqueName('linked');
    const host = await fixture<HTMLDivElement>(html`<div><ca-chat runtime=${id}></ca-chat></div>`);
    const chat = host.querySelector('ca-chat')!;
    await chat.updateComplete;
    expect(shadowText(chat)).to.include(NO_RUNTIME_MESSAGE);

    const provider = document.createElement('ca-runtime');
    provider.id = id;
    provider.setAttribute('storage', 'memory');
    host.prepend(provider);
    await waitFor(() => !shadowText(chat).includes('No runtime'), 'the linked runtime');
    const ref = (chat as unknown as { runtimeRef: { value: unknown } }).runtimeRef;
    expect(ref.value).to.equal(provider.runtime);
    // The attribute names the provider; it never becomes the property.
    expect(chat.runtime).to.equal(undefined);

    // The property set by code wins over the link.
    const mine = createStudioRuntime({ storage: 'memory' });
    chat.runtime = mine;
    expect(ref.value).to.equal(mine);
    mine.dispose();
  });

  it('follows the attribute when it names another owner, and says so when its owner leaves', async () => {
    const [first, second] = [uniqueName('first'), uniqueName('second')];
    const host = await fixture<HTMLDivElement>(html`
      <div>
        <ca-runtime id=${first} storage="memory"></ca-runtime>
        <ca-runtime id=${second} storage="memory"></ca-runtime>
        <ca-chat runtime=${first}></ca-chat>
      </div>
    `);
    const [one, two] = host.querySelectorAll('ca-runtime');
    const chat = host.querySelector('ca-chat')!;
    const ref = (chat as unknown as { runtimeRef: { value: unknown } }).runtimeRef;
    await waitFor(() => ref.value === one!.runtime && one!.runtime, 'the first owner');

    chat.setAttribute('runtime', second);
    await waitFor(() => ref.value === two!.runtime && two!.runtime, 'the second owner');

    two!.remove();
    await waitFor(() => shadowText(chat).includes('No runtime'), 'no runtime once it left');
    expect(ref.value).to.equal(undefined);
  });
});

describe('<ca-studio> takes the same attributes', () => {
  it('database-name set after the runtime exists recreates it; workspace wins over it', async () => {
    const studio = await fixture<CaStudio>(
      html`<ca-studio database-name=${uniqueName('alias')} storage="memory"></ca-studio>`,
    );
    const first = studio.runtime;
    const changes: RuntimeChangeDetail[] = [];
    studio.addEventListener('ca-runtime-change', (event) => changes.push(event.detail));
    studio.setAttribute('database-name', uniqueName('alias-later'));
    await studio.updateComplete;
    expect(studio.runtime).not.to.equal(first);
    expect(changes.map((change) => change.runtime)).to.deep.equal([studio.runtime]);

    const second = studio.runtime;
    studio.setAttribute('workspace', uniqueName('workspace'));
    await studio.updateComplete;
    expect(studio.runtime).not.to.equal(second);
  });

  it('agent-endpoint selects the site model unless agent names another mode, live', async () => {
    const element = await fixture<CaRuntime>(html`
      <ca-runtime
        workspace=${uniqueName('endpoint')}
        storage="memory"
        agent-endpoint="/api/agent"
      ></ca-runtime>
    `);
    const runtime = element.runtime!;
    expect(runtime.config.getSnapshot()).to.deep.include({
      agent: 'endpoint',
      agentEndpoint: '/api/agent',
    });
    element.setAttribute('agent', 'local');
    await element.updateComplete;
    expect(runtime.config.getSnapshot().agent).to.equal('local');
    element.removeAttribute('agent');
    element.removeAttribute('agent-endpoint');
    await element.updateComplete;
    expect(runtime.config.getSnapshot()).to.deep.include({ agent: 'auto', agentEndpoint: null });
    expect(element.runtime).to.equal(runtime);
  });

  it('readonly shows in the header and agent="openrouter" without a key says it fell back', async () => {
    localStorage.clear();
    const studio = await fixture<CaStudio>(html`
      <ca-studio
        workspace=${uniqueName('badge')}
        storage="memory"
        readonly
        agent="openrouter"
      ></ca-studio>
    `);
    await studio.runtime!.ready;
    await studio.updateComplete;
    const header = studio.shadowRoot!.querySelector('[part="header"]')!;
    expect(header.querySelector('[part="read-only"]')?.textContent).to.equal('Read-only');
    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    await waitFor(
      () => editor.shadowRoot!.querySelector('[contenteditable="false"]'),
      'a read-only CodeMirror',
      10000,
    );
    expect(shadowText(editor)).to.include('Read-only workspace');
    expect(header.textContent).to.include('Local agent · no OpenRouter key saved');

    studio.removeAttribute('readonly');
    studio.setAttribute('agent', 'local');
    await studio.updateComplete;
    await studio.updateComplete;
    expect(header.querySelector('[part="read-only"]')).to.equal(null);
    await waitFor(
      () => editor.shadowRoot!.querySelector('[contenteditable="true"]'),
      'an editable CodeMirror',
    );
    expect(studio.runtime!.config.getSnapshot().agent).to.equal('local');
  });

  it('element children replace the built-in layout; the approval dialog stays', async () => {
    const studio = await fixture<CaStudio>(html`
      <ca-studio workspace=${uniqueName('layout')} storage="memory">
        <ca-chat></ca-chat>
      </ca-studio>
    `);
    await studio.updateComplete;
    const root = studio.shadowRoot!;
    expect(root.querySelector('ca-editor')).to.equal(null);
    expect(root.querySelector('[part="layout"] slot')).to.not.equal(null);
    expect(root.querySelector('ca-approval')).to.not.equal(null);
    const chat = studio.querySelector('ca-chat')!;
    expect((chat as unknown as { runtimeRef: { value: unknown } }).runtimeRef.value).to.equal(
      studio.runtime,
    );
    await expect(studio).to.be.accessible();
  });
});
