import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/chat.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { createDirectoryUploadFolder } from '../../../src/storage/folder/directory-upload.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import { waitFor } from '../../support/wait.js';

/** A `File` as `<input webkitdirectory>` gives it. */
function uploaded(path: string, content: string): File {
  const file = new File([content], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(file, 'webkitRelativePath', { value: `site/${path}` });
  return file;
}

describe('<ca-chat> says what a folder import left out', () => {
  it('shows the unsupported files of a folder the person opened, with their reason', async () => {
    const runtime = createStudioRuntime({ storage: 'memory' });
    await runtime.ready;
    const chat = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
    const folder = createDirectoryUploadFolder([
      uploaded('index.html', '<h1>Up</h1>'),
      uploaded('setup.exe', 'MZ'),
    ]);
    await openFolderThroughTool(runtime, folder, { discardChanges: true });
    const text = await waitFor(
      () =>
        chat.shadowRoot!.textContent?.includes('setup.exe') ? chat.shadowRoot!.textContent : '',
      'the import notice in the chat',
    );
    expect(text).to.include('Skipped 1: setup.exe (unsupported type).');
    runtime.dispose();
  });
});
