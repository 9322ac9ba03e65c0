import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/trace/trace.js';
import type { CaTrace } from '../../src/elements/trace/trace.element.js';
import { createStudioRuntime } from '../../src/studio/studio-runtime.js';
import { exportTraceRows } from '../../src/elements/trace/trace-export.js';
import { waitFor } from '../support/wait.js';

describe('<ca-trace> (E4)', () => {
  it('shows one row per tools/call lifecycle with source · mode, status and both ids', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
    await runtime.registry.executeModelToolCall(
      { id: 'call-7', name: 'workspace.readFile', arguments: { path: 'index.html' } },
      { context: { source: 'model', mode: 'agent', sessionId: 'a' } },
    );
    await runtime.registry.callTool('workspace.readFile', { path: 'missing.html' });
    const rows = await waitFor(() => {
      const found = element.shadowRoot!.querySelectorAll<HTMLElement>('tbody tr');
      return found.length === 2 ? [...found] : undefined;
    }, 'two rows');
    expect(rows[0]!.textContent).to.include('workspace.readFile');
    expect(rows[0]!.textContent).to.include('model · agent');
    expect(rows[0]!.textContent).to.include('call-7');
    expect(rows[0]!.dataset.status).to.equal('completed');
    expect(rows[1]!.textContent).to.include('local · direct');
    expect(rows[1]!.dataset.status).to.equal('failed');
    expect(rows[1]!.textContent).to.include('WORKSPACE_FILE_NOT_FOUND');
    await expect(element).to.be.accessible();
  });

  it('exports metadata only: no arguments, results or messages', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    await runtime.registry.callTool('workspace.writeFile', {
      path: 'index.html',
      text: 'TOP SECRET SOURCE',
    });
    const exported = exportTraceRows(runtime.trace.getSnapshot());
    expect(exported).to.include('workspace.writeFile');
    expect(exported).not.to.include('TOP SECRET SOURCE');
  });

  it('disables Clear while a call is running and filters by session', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
    const end = runtime.trace.begin({
      method: 'agent.request',
      name: 'x',
      source: 'local',
      mode: 'agent',
      sessionId: 's1',
    });
    runtime.trace.begin({
      method: 'tools/call',
      name: 'y',
      source: 'local',
      mode: 'agent',
      sessionId: 's2',
    })({
      status: 'completed',
    });
    await element.updateComplete;
    const clear = [...element.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Clear',
    )!;
    expect(clear.disabled).to.equal(true);
    end({ status: 'completed' });
    await element.updateComplete;
    expect(clear.disabled).to.equal(false);
    element.session = 's2';
    await element.updateComplete;
    expect(element.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(1);
  });
});
