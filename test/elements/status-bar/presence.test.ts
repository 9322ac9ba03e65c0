/**
 * The status bar in a shared room of a real collaboration server (a Hocuspocus process on
 * loopback): the room's state, who is here with the file each has open, a colour another client
 * chose drawn only when it is a hex colour, and someone leaving shown.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { createStudioRuntime } from '../../../src/composition/index.js';
import '../../../src/elements/status-bar/status-bar.js';
import type { CaStatusBar } from '../../../src/elements/status-bar/status-bar.element.js';
import { collabStudios } from '../../support/collab-studios.js';
import { uniqueName, waitFor } from '../../support/wait.js';

const collab = collabStudios('presence-test-token');
const studio = (room: string, user: { name: string; color?: string }) => collab.studio(room, user);

const part = (bar: CaStatusBar, name: string) =>
  bar.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);

describe('the status bar in a shared room', () => {
  it('shows nothing of a room when the runtime shares none', async () => {
    const runtime = createStudioRuntime({ storage: 'memory' });
    collab.track(runtime);
    const bar = await fixture<CaStatusBar>(
      html`<ca-status-bar .runtime=${runtime}></ca-status-bar>`,
    );
    expect(part(bar, 'room')).to.equal(null);
    expect(part(bar, 'peers')).to.equal(null);
  });

  it('lists who is here with their files, draws only hex colours, and shows a person leaving', async () => {
    const room = uniqueName('presence');
    const ada = studio(room, { name: 'Ada', color: '#2b8a3e' });
    await ada.collab!.idle();
    const bo = studio(room, { name: 'Bo', color: 'url(https://tracker.example/pixel)' });
    await bo.collab!.idle();
    const bar = await fixture<CaStatusBar>(html`<ca-status-bar .runtime=${ada}></ca-status-bar>`);
    await waitFor(() => part(bar, 'peers')?.querySelectorAll('li').length === 2, 'two people');
    expect(part(bar, 'room')!.textContent).to.equal(`${room} · 2 here`);
    const items = [...part(bar, 'peers')!.querySelectorAll('li')];
    expect(part(bar, 'peers')!.getAttribute('aria-label')).to.equal(`People in ${room}`);
    expect(items.map((item) => item.textContent!.trim())).to.deep.equal([
      'Ada (you) · index.html',
      'Bo · index.html',
    ]);
    const dots = items.map((item) => item.querySelector<HTMLElement>('.dot')!.style.background);
    expect(dots[0]).to.match(/rgb\(43, 138, 62\)|#2b8a3e/);
    // Bo's chosen value would make this page fetch: a palette colour is drawn instead.
    expect(dots[1]).to.not.contain('url');
    expect(dots[1]).to.not.equal('');

    bo.dispose();
    await waitFor(() => part(bar, 'peers')?.querySelectorAll('li').length === 1, 'Bo left');
    expect(part(bar, 'room')!.textContent).to.equal(`${room} · only you`);
  });
});
