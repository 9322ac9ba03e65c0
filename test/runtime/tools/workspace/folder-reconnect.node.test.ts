import { expect } from 'chai';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCapabilityTable } from '../../../../src/runtime/registry/capability-table.js';
import { createHostCompanionFolder } from '../../../../src/runtime/carrier/host-companion-folder.js';
import type { HostCompanionSession } from '../../../../src/runtime/carrier/host-session.js';
import type { ToolCallContext } from '../../../../src/runtime/protocol/types.js';
import { callAsPerson } from '../../../../src/runtime/registry/person-call.js';
import { createToolRegistry } from '../../../../src/runtime/registry/registry.js';
import {
  createWorkspaceTools,
  folderPickerCapability,
  folderSessionCapability,
} from '../../../../src/runtime/tools/workspace/index.js';
import { WORKSPACE_ERROR_CODES } from '../../../../src/runtime/workspace/codes.js';
import { createWorkspaceDocumentManager } from '../../../../src/runtime/workspace/manager.js';
import { connect } from '../../../support/host-companion-client.js';
import { makeSite, startCompanion, type Companion } from '../../../support/host-companion.mjs';

/** A workspace linked to the companion folder of `session`, as `<ca-host-connect>` links it. */
async function linkedWorkspace(session: HostCompanionSession) {
  const manager = createWorkspaceDocumentManager();
  await manager.ready;
  const capabilities = createCapabilityTable();
  const registry = createToolRegistry({ capabilityResolver: capabilities.resolve });
  for (const tool of createWorkspaceTools(manager)) registry.register(tool);
  const folder = createHostCompanionFolder(session);
  const withdraw = capabilities.provide(folderPickerCapability, { pick: async () => folder });
  const opened = await callAsPerson(registry, 'workspace.openFolder', {});
  withdraw();
  expect(opened.error).to.equal(undefined);
  /** `workspace.reconnectFolder` as the dialog calls it: the fresh session as a capability. */
  const reconnect = async (next: HostCompanionSession, context: ToolCallContext) => {
    const take = capabilities.provide(folderSessionCapability, { session: next });
    try {
      return await registry.callTool('workspace.reconnectFolder', {}, { context });
    } finally {
      take();
    }
  };
  return { manager, registry, folder, reconnect };
}

describe('workspace.reconnectFolder moves a linked companion folder to a fresh session (W9, T7)', () => {
  let site: string;
  let companion: Companion;
  let other: Companion;

  before(async () => {
    site = await makeSite({ 'index.html': '<h1>Old</h1>' });
    companion = await startCompanion(site);
    const root = await mkdtemp(join(tmpdir(), 'ca-host-'));
    await mkdir(join(root, 'other'));
    other = await startCompanion(join(root, 'other'));
  });
  after(async () => {
    await companion.kill();
    await other.kill();
  });

  it('a person reconnects after the companion restarts; unsaved edits stay and the save reaches the folder', async () => {
    const { manager, registry, folder, reconnect } = await linkedWorkspace(
      await connect(companion.offer),
    );
    const first = folder.session;
    await callAsPerson(registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<h1>New</h1>',
    });
    await companion.kill();
    companion = await startCompanion(site);
    const fresh = await connect(companion.offer);

    const result = await reconnect(fresh, { source: 'local', mode: 'direct' });
    expect(result.error).to.equal(undefined);
    expect(folder.session).to.equal(fresh);
    expect(fresh).to.not.equal(first);
    expect(result.structuredContent).to.deep.include({ storageMode: 'memory' });
    expect((result.structuredContent as { folder: object }).folder).to.deep.include({
      kind: 'host-companion',
      name: 'site',
      connected: true,
    });
    expect(manager.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
    const saved = await callAsPerson(registry, 'workspace.saveAll', {});
    expect(saved.error).to.equal(undefined);
    expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal('<h1>New</h1>');
  });

  it("is gated like every workspace change: a model's call asks and, with no one to ask, changes nothing", async () => {
    const { folder, reconnect } = await linkedWorkspace(await connect(companion.offer));
    const before = folder.session;
    const result = await reconnect(await connect(companion.offer), {
      source: 'model',
      mode: 'agent',
    });
    // The policy asks; a registry without an approval queue refuses what it would ask about.
    expect(result.error?.code).to.equal('TOOL_POLICY_DENIED');
    expect(folder.session).to.equal(before);
  });

  it('refuses an offer for another folder, a missing session and a workspace without a companion folder', async () => {
    const { folder, reconnect, registry } = await linkedWorkspace(await connect(companion.offer));
    const before = folder.session;
    const elsewhere = await reconnect(await connect(other.offer), {
      source: 'local',
      mode: 'direct',
    });
    expect(elsewhere.error?.code).to.equal(WORKSPACE_ERROR_CODES.WORKSPACE_FOLDER_STATE_CONFLICT);
    expect(folder.session).to.equal(before);

    const missing = await callAsPerson(registry, 'workspace.reconnectFolder', {});
    expect(missing.error?.code).to.equal('tool-capability-unavailable');

    const manager = createWorkspaceDocumentManager();
    await manager.ready;
    const unlinked = createToolRegistry();
    for (const tool of createWorkspaceTools(manager)) unlinked.register(tool);
    const none = await callAsPerson(unlinked, 'workspace.reconnectFolder', {});
    expect(none.error?.code).to.equal(WORKSPACE_ERROR_CODES.WORKSPACE_FOLDER_NOT_CONNECTED);
  });
});
