import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import { folderPickerCapability } from '../../../../src/runtime/tools/workspace/folder-picker.js';
import { WORKSPACE_ERROR_CODES } from '../../../../src/runtime/workspace/codes.js';
import type { WorkspaceFolder } from '../../../../src/runtime/workspace/folder-port.js';
import { createDirectoryUploadFolder } from '../../../../src/storage/folder/directory-upload.js';
import { createCapabilityTable } from '../../../../src/runtime/registry/capability-table.js';
import { createToolRegistry } from '../../../../src/runtime/registry/registry.js';
import { createWorkspaceTools } from '../../../../src/runtime/tools/workspace/index.js';
import { createWorkspaceDocumentManager } from '../../../../src/runtime/workspace/manager.js';
import { callAsPerson } from '../../../../src/runtime/registry/person-call.js';

/** A `File` as `<input webkitdirectory>` gives it. */
function uploaded(path: string, content: string): File {
  const file = new File([content], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(file, 'webkitRelativePath', { value: `site/${path}` });
  return file;
}

async function setup(pick: () => Promise<WorkspaceFolder | null>) {
  const manager = createWorkspaceDocumentManager();
  await manager.ready;
  const capabilities = createCapabilityTable();
  const picks: number[] = [];
  capabilities.provide(folderPickerCapability, {
    pick: () => {
      picks.push(manager.getSnapshot().revision);
      return pick();
    },
  });
  const registry = createToolRegistry({ capabilityResolver: capabilities.resolve });
  for (const tool of createWorkspaceTools(manager)) registry.register(tool);
  const call = (name: string, args: Record<string, unknown> = {}) =>
    registry.callTool(`workspace.${name}`, args, { context: { source: 'local', mode: 'direct' } });
  return { manager, registry, capabilities, call, picks };
}

const upload = () => createDirectoryUploadFolder([uploaded('index.html', '<h1>Up</h1>')]);

describe('workspace.openFolder and workspace.grantFolderAccess (W9)', () => {
  it('opens the picked folder in place of a clean workspace', async () => {
    const { manager, call } = await setup(async () => upload());
    const result = await call('openFolder');
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.include({ opened: true, fileCount: 1 });
    expect(manager.getSnapshot().files.map((file) => file.path)).to.deep.equal(['index.html']);
  });

  it('reports a dismissed picker as nothing opened and changes nothing', async () => {
    const { manager, call } = await setup(async () => null);
    const before = manager.getSnapshot();
    const result = await call('openFolder');
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.include({ opened: false });
    expect(manager.getSnapshot()).to.equal(before);
  });

  it('refuses unsaved changes before asking the person to pick, unless told to discard', async () => {
    const { manager, call, picks } = await setup(async () => upload());
    await call('writeFile', { path: 'index.html', text: '<p>unsaved</p>' });
    const refused = await call('openFolder');
    expect(refused.error?.code).to.equal(WORKSPACE_ERROR_CODES.WORKSPACE_FOLDER_STATE_CONFLICT);
    expect(picks).to.deep.equal([]);
    const stale = await call('openFolder', { discardChanges: true, expectedRevision: 0 });
    expect(stale.error?.code).to.equal(WORKSPACE_ERROR_CODES.WORKSPACE_REVISION_CONFLICT);
    expect(picks).to.deep.equal([]);
    const opened = await call('openFolder', { discardChanges: true });
    expect(opened.error).to.equal(undefined);
    expect(picks).to.have.length(1);
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal([]);
  });

  it('fails with a structured error when no explorer provides a picker, or the picker throws', async () => {
    const manager = createWorkspaceDocumentManager();
    await manager.ready;
    const registry = createToolRegistry();
    for (const tool of createWorkspaceTools(manager)) registry.register(tool);
    const missing = await callAsPerson(registry, 'workspace.openFolder', {});
    expect(missing.error?.code).to.equal('tool-capability-unavailable');

    const { call } = await setup(async () => {
      throw new DOMException('No user gesture.', 'SecurityError');
    });
    const thrown = await call('openFolder');
    expect(thrown.error).to.deep.include({ code: 'TOOL_EXECUTION_FAILED', retryable: true });
    expect(thrown.error?.details).to.deep.include({ reason: 'SecurityError' });
  });

  it('grantFolderAccess needs a linked folder', async () => {
    const { call } = await setup(async () => upload());
    const result = await call('grantFolderAccess');
    expect(result.error?.code).to.equal(WORKSPACE_ERROR_CODES.WORKSPACE_FOLDER_NOT_CONNECTED);
  });
});
