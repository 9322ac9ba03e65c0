/**
 * `import-map` on `<ca-studio>`, `<ca-runtime>` and `<ca-preview>`: the map's exact origins
 * reach the preview's policy, a preview's own map wins over its provider's, a change applies at
 * once, and a refused map is a diagnostic in `preview.getStatus` with the policy left alone.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/preview/preview.js';
import '../../../src/elements/runtime/runtime.js';
import '../../../src/elements/studio/studio.js';
import { previewContentSecurityPolicy } from '../../../src/bridge/sandbox/assemble.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import type { CaRuntime } from '../../../src/elements/runtime/runtime.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const map = (origin: string) => JSON.stringify({ imports: { lib: `${origin}/lib/index.js` } });
const policyOf = (preview: CaPreview) =>
  /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(preview.frame?.srcdoc ?? '')?.[1];
const showsPolicy = (preview: CaPreview, origins: string[]) =>
  waitFor(
    () =>
      policyOf(preview) === previewContentSecurityPolicy(origins) &&
      preview.controller?.getStatus().state === 'ready',
    `the policy with ${origins.join(' ') || 'no origin'}`,
  );

describe('import-map', function () {
  this.timeout(20_000);

  it('<ca-studio import-map> reaches its preview; a refused map is a diagnostic and changes nothing; removing it goes offline', async () => {
    const studio = await fixture<CaStudio>(
      html`<ca-studio
        storage="memory"
        import-map=${map('https://cdn.example')}
        workspace=${uniqueName('import-map')}
      ></ca-studio>`,
    );
    await studio.runtime!.ready;
    const preview = studio.shadowRoot!.querySelector<CaPreview>('ca-preview')!;
    await showsPolicy(preview, ['https://cdn.example']);
    studio.setAttribute('import-map', map('https://*.cdn.example'));
    await waitFor(
      () =>
        preview.controller
          ?.getStatus()
          .diagnostics.some((diagnostic) => diagnostic.code === 'PREVIEW_IMPORT_MAP_INVALID') ===
        true,
      'the refusal',
    );
    const result = await callAsPerson(studio.runtime!.registry, 'preview.getStatus', {});
    expect(JSON.stringify(result.structuredContent)).to.contain('PREVIEW_IMPORT_MAP_INVALID');
    await showsPolicy(preview, ['https://cdn.example']);
    studio.removeAttribute('import-map');
    await showsPolicy(preview, []);
    expect(preview.controller!.getStatus().diagnostics).to.deep.equal([]);
  });

  it("<ca-runtime import-map> gives its previews the map; a preview's own map wins", async () => {
    const runtime = await fixture<CaRuntime>(
      html`<ca-runtime
        storage="memory"
        import-map=${map('https://runtime.example')}
        workspace=${uniqueName('import-map-runtime')}
        ><ca-preview></ca-preview
        ><ca-preview import-map=${map('https://own.example:8443')}></ca-preview
      ></ca-runtime>`,
    );
    const [shared, own] = runtime.querySelectorAll<CaPreview>('ca-preview');
    await showsPolicy(shared!, ['https://runtime.example']);
    await showsPolicy(own!, ['https://own.example:8443']);
    runtime.importMap = { imports: { lib: 'https://other.example/lib.js' } };
    await showsPolicy(shared!, ['https://other.example']);
    await showsPolicy(own!, ['https://own.example:8443']);
  });
});
