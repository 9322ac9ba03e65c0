import { expect } from 'chai';
import { createMemoryDurableOperationBackend } from '../../../../src/runtime/durable/memory-backend.js';
import { createOpenRouterSettingsStore } from '../../../../src/runtime/agents/openrouter/settings.js';
import {
  createEditorSaveIntent,
  runEditorSave,
} from '../../../../src/runtime/tools/live-editor/index.js';
import { previewHostCapability } from '../../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../../src/composition/studio-runtime.js';
import { memoryFolder } from '../../../support/memory-folder.js';
import { openFolderThroughTool } from '../../../support/open-folder.js';
import { describe, it } from '../../../support/spec.js';
import { acknowledgingHost } from '../workspace/support.js';
import { callAsPerson } from '../../../../src/runtime/registry/person-call.js';

const FILES = { 'index.html': '<p>1</p>', 'styles.css': 'p{}', 'app.js': '1;' };

/** A live-editor studio runtime linked to a folder in memory, approvals granted as they come. */
async function linkedLiveEditor() {
  const runtime = createStudioRuntime({
    surface: 'live-editor',
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    openrouterSettings: createOpenRouterSettingsStore({ storage: null, events: null }),
  });
  runtime.approvals.connect();
  await runtime.ready;
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  runtime.approvals.store.subscribe(() => {
    for (const request of runtime.approvals.store.getSnapshot())
      runtime.approvals.resolve(request.id, 'approved');
  });
  const folder = memoryFolder('site', FILES);
  await openFolderThroughTool(runtime, folder, { discardChanges: true });
  const edit = async (path: string, text: string) => {
    const result = await callAsPerson(runtime.registry, 'workspace.writeFile', { path, text });
    if (result.error) throw new Error(result.error.code);
  };
  return { runtime, folder, edit };
}

describe("a person's editor save carries its intent's key and recovers an unknown outcome", () => {
  it('a retry of the same intent replays the finished save and writes nothing again', async () => {
    const { runtime, folder, edit } = await linkedLiveEditor();
    await edit('app.js', '2;');
    const intent = createEditorSaveIntent('editor.saveAll');
    const first = await runEditorSave(runtime, 'editor.saveAll', {}, intent);
    expect(first.state).to.equal('saved');
    // Edited again after the save: a new write would carry this text to the folder.
    await edit('app.js', '3;');
    const retry = await runEditorSave(runtime, 'editor.saveAll', {}, intent);
    expect(retry.state).to.equal('saved');
    expect(retry.result.structuredContent).to.deep.equal(first.result.structuredContent);
    expect(folder.writes.get('app.js')).to.equal(1);
    expect(folder.files.get('app.js')).to.equal('2;');
    // A new intent is a new save.
    expect(
      (await runEditorSave(runtime, 'editor.saveAll', {}, createEditorSaveIntent('editor.saveAll')))
        .state,
    ).to.equal('saved');
    expect(folder.files.get('app.js')).to.equal('3;');
    runtime.dispose();
  });

  it('a write whose acknowledgement was lost is recovered by digest and shown saved', async () => {
    const { runtime, folder, edit } = await linkedLiveEditor();
    await edit('index.html', '<p>landed</p>');
    folder.loseAcknowledgements = true;
    const intent = createEditorSaveIntent('editor.saveFile');
    const outcome = await runEditorSave(runtime, 'editor.saveFile', { path: 'index.html' }, intent);
    expect(outcome.result.error?.code).to.equal('TOOL_EXECUTION_UNKNOWN');
    expect(outcome).to.deep.include({ state: 'recovered', savedPaths: ['index.html'] });
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    const record = await runtime.registry.getOperationStatus(
      'editor.saveFile',
      intent.idempotencyKey,
    );
    expect(record.ok && record.value?.state).to.equal('completed');
    expect(folder.writes.get('index.html')).to.equal(1);
    runtime.dispose();
  });

  it('stays unknown, and the file dirty, when the folder holds something else', async () => {
    const { runtime, folder, edit } = await linkedLiveEditor();
    await edit('index.html', '<p>mine</p>');
    folder.loseAcknowledgements = true;
    folder.afterWrite = (path) => folder.files.set(path, '<p>someone else</p>');
    const intent = createEditorSaveIntent('editor.saveFile');
    const outcome = await runEditorSave(runtime, 'editor.saveFile', {}, intent);
    expect(outcome.state).to.equal('unknown');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
    // The same intent is refused until reconciled: it never writes blind.
    const again = await runEditorSave(runtime, 'editor.saveFile', {}, intent);
    expect(again.result.error?.code).to.equal('TOOL_IDEMPOTENCY_UNKNOWN');
    expect(folder.writes.get('index.html')).to.equal(1);
    runtime.dispose();
  });

  it('a failure that wrote nothing leaves the intent free to retry', async () => {
    const { runtime, folder, edit } = await linkedLiveEditor();
    await edit('app.js', '2;');
    const intent = createEditorSaveIntent('editor.saveAll');
    const stale = await runEditorSave(
      runtime,
      'editor.saveAll',
      { expectedWorkspaceRevision: 1 },
      intent,
    );
    expect(stale).to.deep.include({ state: 'failed' });
    expect(stale.result.error?.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(folder.writes.size).to.equal(0);
    runtime.dispose();
  });
});

describe("an agent's editor save is keyed per tool call", () => {
  it('so a save the local agent left unknown is checked against the folder and said recovered', async () => {
    const { runtime, folder, edit } = await linkedLiveEditor();
    await edit('app.js', '2;');
    folder.loseAcknowledgements = true;
    const result = await runtime.agent.run('Save all changes');
    expect(result.status).to.equal('failed');
    const row = runtime.trace
      .getSnapshot()
      .find((entry) => entry.name === 'editor.saveAll' && entry.sessionId === result.sessionId);
    expect(row?.error?.code).to.equal('TOOL_EXECUTION_UNKNOWN');
    const key = `${result.sessionId}:${row!.toolCallId}`;
    const record = await runtime.registry.getOperationStatus('editor.saveAll', key);
    expect(record.ok && record.value?.state).to.equal('completed');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    const said = runtime.agent
      .getSnapshot()
      .messages.filter((message) => message.role === 'assistant')
      .map((message) => message.text);
    expect(said.some((text) => text.includes('1 file(s) are marked saved'))).to.equal(true);
    expect(folder.writes.get('app.js')).to.equal(1);
    runtime.dispose();
  });

  it('a folder holding something else leaves it unknown and says nothing was recovered', async () => {
    const { runtime, folder, edit } = await linkedLiveEditor();
    await edit('app.js', '2;');
    folder.loseAcknowledgements = true;
    folder.afterWrite = (path) => folder.files.set(path, 'someone else;');
    const result = await runtime.agent.run('Save all changes');
    const row = runtime.trace
      .getSnapshot()
      .find((entry) => entry.name === 'editor.saveAll' && entry.sessionId === result.sessionId);
    const record = await runtime.registry.getOperationStatus(
      'editor.saveAll',
      `${result.sessionId}:${row!.toolCallId}`,
    );
    expect(record.ok && record.value?.state).to.equal('unknown');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal(['app.js']);
    runtime.dispose();
  });
});
