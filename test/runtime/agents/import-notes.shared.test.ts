import { expect } from 'chai';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { createOpenRouterSettingsStore } from '../../../src/runtime/agents/openrouter/settings.js';
import { createDirectoryUploadFolder } from '../../../src/storage/folder/directory-upload.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import { describe, it } from '../../support/spec.js';

/** A `File` as `<input webkitdirectory>` gives it. */
function uploaded(path: string, content: string): File {
  const file = new File([content], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(file, 'webkitRelativePath', { value: `site/${path}` });
  return file;
}

async function runtime() {
  const created = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    openrouterSettings: createOpenRouterSettingsStore({ storage: null, events: null }),
  });
  await created.ready;
  return created;
}

const notes = (studio: Awaited<ReturnType<typeof runtime>>) =>
  studio.agent
    .getSnapshot()
    .messages.filter((message) => message.role === 'assistant')
    .map((message) => message.text);

describe('files a folder import left out are said in the chat transcript', () => {
  it('names each unsupported file and its reason after a person opens a folder', async () => {
    const studio = await runtime();
    const folder = createDirectoryUploadFolder([
      uploaded('index.html', '<h1>Up</h1>'),
      uploaded('tool.exe', 'MZ'),
      uploaded('notes.docx', 'PK'),
    ]);
    await openFolderThroughTool(studio, folder, { discardChanges: true });
    const said = notes(studio);
    expect(said).to.have.length(1);
    expect(said[0]).to.include('Skipped 2');
    expect(said[0]).to.include('tool.exe (unsupported type)');
    expect(said[0]).to.include('notes.docx (unsupported type)');
    studio.dispose();
  });

  it('says nothing when the import took every file', async () => {
    const studio = await runtime();
    const folder = createDirectoryUploadFolder([uploaded('index.html', '<h1>Up</h1>')]);
    await openFolderThroughTool(studio, folder, { discardChanges: true });
    expect(notes(studio)).to.deep.equal([]);
    studio.dispose();
  });
});
