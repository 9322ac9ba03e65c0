import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { itIn } from '../../support/engines.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';

/** Past the studio's idle work (`whenIdle`: the browser idle, or 2 s at the latest). */
const pastIdle = () =>
  new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 100), { timeout: 2500 }));

async function mountStudio() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  return fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
}

// One page: once defined, `<ca-host-connect>` stays defined, so the case that must not load it
// comes first.
describe('<ca-studio> loads the host companion option where it shows', () => {
  itIn(['chromium'], 'showDirectoryPicker exists in Chromium only')(
    'loads nothing where the browser links folders itself',
    async () => {
      expect(typeof (window as { showDirectoryPicker?: unknown }).showDirectoryPicker).to.equal(
        'function',
      );
      const studio = await mountStudio();
      await pastIdle();
      await pastIdle();
      expect(customElements.get('ca-host-connect')).to.equal(undefined);
      studio.remove();
    },
  );

  it('loads it once idle where the browser has no folder picker', async () => {
    // Firefox and WebKit have no picker at all; Chromium's is removed for the test.
    const picker = Object.getOwnPropertyDescriptor(window, 'showDirectoryPicker');
    delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    try {
      const studio = await mountStudio();
      await customElements.whenDefined('ca-host-connect');
      const option = studio.shadowRoot!.querySelector('ca-host-connect')!;
      await (option as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      expect(option.shadowRoot!.querySelector('[part="button"]')).to.not.equal(null);
      studio.remove();
    } finally {
      if (picker) Object.defineProperty(window, 'showDirectoryPicker', picker);
    }
  });
});
