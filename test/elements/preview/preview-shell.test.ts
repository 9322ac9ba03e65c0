/**
 * `preview-shell` on `<ca-studio>`, `<ca-runtime>` and `<ca-preview>`: the preview loads the
 * served shell document, and the status bar and `preview.getStatus` say whether it is sealed,
 * true only where the browser enforces the header the shell was served with.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/preview/preview.js';
import '../../../src/elements/runtime/runtime.js';
import '../../../src/elements/studio/studio.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import type { CaRuntime } from '../../../src/elements/runtime/runtime.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const SEALED = '/preview-shell/sealed/preview-shell.html';
const OPEN = '/preview-shell/open/preview-shell.html';
/** Chromium enforces `Connection-Allowlist`; Firefox and WebKit do not know it. */
const enforcesAllowlists = /Chrome\//.test(navigator.userAgent);

const statusBarText = (studio: CaStudio) =>
  studio
    .shadowRoot!.querySelector('ca-status-bar')
    ?.shadowRoot?.querySelector('[part="preview"]')
    ?.textContent?.trim() ?? '';

async function studioWith(shell: string) {
  const studio = await fixture<CaStudio>(
    html`<ca-studio
      storage="memory"
      preview-shell=${shell}
      workspace=${uniqueName('shell')}
    ></ca-studio>`,
  );
  await studio.runtime!.ready;
  await waitFor(() => /Preview ready.*sealed/.test(statusBarText(studio)), 'a ready preview');
  return studio;
}

describe('preview-shell', function () {
  this.timeout(20_000);

  it('<ca-studio preview-shell> served with the header: the status bar and preview.getStatus say sealed where it is enforced', async () => {
    const studio = await studioWith(SEALED);
    const preview = studio.shadowRoot!.querySelector<CaPreview>('ca-preview')!;
    expect(preview.frame?.getAttribute('src')).to.match(
      /\/preview-shell\/sealed\/preview-shell\.html#\d+$/,
    );
    const expected = enforcesAllowlists ? 'sealed' : 'not sealed';
    await waitFor(
      () => statusBarText(studio).endsWith(` · ${expected}`),
      `the status bar to say ${expected}`,
    );
    const result = await callAsPerson(studio.runtime!.registry, 'preview.getStatus', {});
    expect(result.structuredContent).to.deep.include({
      state: 'ready',
      sealed: enforcesAllowlists,
    });
  });

  it('<ca-studio preview-shell> served without the header: not sealed', async () => {
    const studio = await studioWith(OPEN);
    expect(statusBarText(studio)).to.match(/ · not sealed$/);
    const result = await callAsPerson(studio.runtime!.registry, 'preview.getStatus', {});
    expect(result.structuredContent).to.deep.include({ sealed: false });
  });

  it('<ca-runtime preview-shell> gives its previews the shell; a preview without it uses srcdoc', async () => {
    const runtime = await fixture<CaRuntime>(
      html`<ca-runtime
        storage="memory"
        preview-shell=${SEALED}
        workspace=${uniqueName('shell-runtime')}
        ><ca-preview></ca-preview
      ></ca-runtime>`,
    );
    const preview = runtime.querySelector<CaPreview>('ca-preview')!;
    await waitFor(() => preview.controller?.getStatus().state === 'ready', 'a ready preview');
    expect(preview.frame?.getAttribute('src')).to.match(/preview-shell\.html#\d+$/);
    await waitFor(
      () => preview.controller?.getStatus().sealed === enforcesAllowlists,
      'the seal probe',
    );
    const alone = await fixture<CaPreview>(
      html`<ca-preview .runtime=${runtime.runtime}></ca-preview>`,
    );
    await waitFor(() => alone.controller?.getStatus().state === 'ready', 'the srcdoc preview');
    expect(alone.frame?.hasAttribute('src')).to.equal(false);
    expect(alone.controller?.getStatus().sealed).to.equal(false);
  });
});
