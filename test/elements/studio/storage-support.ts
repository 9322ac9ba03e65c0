import { fixture, html } from '@open-wc/testing';
import '../../../src/elements/studio/studio.js';
import type { CaStatusBar } from '../../../src/elements/status-bar/status-bar.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';
import type { WorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

/**
 * A studio on `repository` once its seed is stored: its status bar's parts, the storage text,
 * and a person's write of index.html, as the storage tests read and type.
 */
export async function studioOnRepository(repository: WorkspaceRepository) {
  const runtime = createStudioRuntime({
    workspaceRepository: repository,
    durableOperationBackend: createMemoryDurableOperationBackend(),
  });
  await runtime.ready;
  const studio = await fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
  const bar = await waitFor(
    () => studio.shadowRoot!.querySelector<CaStatusBar>('ca-status-bar'),
    'the status bar',
  );
  const part = (name: string) => bar.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
  const storage = () => part('storage')?.textContent?.trim() ?? '';
  await waitFor(() => !runtime.workspace.getStatus().unsaved, 'the seed to be stored');
  const write = (text: string) =>
    callAsPerson(runtime.registry, 'workspace.writeFile', { path: 'index.html', text });
  return { runtime, studio, part, storage, write };
}
