// Defines every <ca-*> element and exports the runtime factory.
import { createStudioRuntime } from '@context-action/elements';

// One runtime shared by the standalone editor and preview.
const runtime = createStudioRuntime();
for (const element of document.querySelectorAll('#composed > ca-editor, #composed > ca-preview'))
  (element as HTMLElementTagNameMap['ca-editor'] | HTMLElementTagNameMap['ca-preview']).runtime =
    runtime;

const output = document.querySelector('#last-event')!;
let studio = document.querySelector('ca-studio')!;
const listen = (element: HTMLElementTagNameMap['ca-studio']) =>
  element.addEventListener('ca-approval-decide', (event) => {
    output.textContent = `${event.detail.toolName} ${event.detail.decision}`;
  });
listen(studio);

document.querySelector('#toggle-catalog')!.addEventListener('click', () => {
  studio.catalogOpen = !studio.catalogOpen;
});
document.querySelector('#toggle-mount')!.addEventListener('click', () => {
  if (studio.isConnected) {
    studio.remove();
    return;
  }
  const catalogOpen = studio.catalogOpen;
  studio = document.createElement('ca-studio');
  studio.databaseName = 'example-vite-es2017';
  studio.previewShell = '/preview-shell.html';
  studio.catalogOpen = catalogOpen;
  listen(studio);
  document.querySelector('#composed')!.before(studio);
});
