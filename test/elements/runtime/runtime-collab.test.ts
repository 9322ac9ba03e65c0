import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../src/elements/runtime/runtime.js';
import type { CaRuntime } from '../../../src/elements/runtime/runtime.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

describe('<ca-runtime collab room>', () => {
  it('joins the room its attributes name, and a new room makes a new runtime', async () => {
    // A server that takes the empty token: markup carries no token.
    const server = await executeServerCommand<{ id: string; url: string }, object>(
      'collab-server-start',
      { token: '' },
    );
    const room = uniqueName('room');
    const host = await fixture<HTMLDivElement>(
      html`<div>
        <ca-runtime id="ada" storage="memory" collab=${server.url} room=${room}>
          <script type="ca-file" path="index.html">
            <h1>Shared</h1>
          </script>
        </ca-runtime>
      </div>`,
    );
    const ada = host.querySelector<CaRuntime>('#ada')!;
    await ada.updateComplete;
    expect(ada.runtime!.collab!.getSnapshot()).to.include({ url: server.url, room });
    await ada.runtime!.collab!.idle();
    const bo = document.createElement('ca-runtime');
    bo.setAttribute('storage', 'memory');
    bo.setAttribute('collab', server.url);
    bo.setAttribute('room', room);
    host.append(bo);
    await bo.updateComplete;
    await bo.runtime!.collab!.idle();
    const text = bo.runtime!.workspace.getSnapshot().files.find((f) => f.path === 'index.html');
    expect(text?.kind === 'text' && text.text.trim()).to.equal('<h1>Shared</h1>');

    const first = bo.runtime!;
    bo.setAttribute('room', uniqueName('other'));
    await waitFor(() => bo.runtime && bo.runtime !== first, 'a new runtime');
    expect(first.collab!.getSnapshot().state).to.equal('closed');
    expect(bo.runtime!.collab!.getSnapshot().room).to.equal(bo.getAttribute('room'));
    bo.removeAttribute('collab');
    await waitFor(() => bo.runtime && bo.runtime.collab === null, 'a runtime without a room');
  });
});
