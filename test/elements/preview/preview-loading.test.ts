import { ContextProvider } from '@lit/context';
import { expect } from '@open-wc/testing';
import '../../../src/elements/preview/preview.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import { runtimeLoadingContext } from '../../../src/elements/shared/runtime-context.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/** A `<ca-preview>` whose provider's runtime is still loading, offering the seed and `fresh`. */
async function mountLoading(fresh: Promise<boolean>) {
  // The seed snapshot a workspace starts as, taken before its database has opened.
  const source = createStudioRuntime({ databaseName: uniqueName('seed') });
  const provisionalSnapshot = source.workspace.provisionalSnapshot!()!;
  source.dispose();
  const host = document.createElement('div');
  new ContextProvider(host, {
    context: runtimeLoadingContext,
    initialValue: { provisionalSnapshot, fresh },
  });
  document.body.append(host);
  const preview = document.createElement('ca-preview') as CaPreview;
  host.append(preview);
  await preview.updateComplete;
  const box = preview.shadowRoot!.querySelector<HTMLElement>('[part="frame"]')!;
  const ready = () => preview.controller?.getSnapshot().status.state === 'ready';
  return { host, preview, box, ready };
}

describe('<ca-preview> while its runtime loads', () => {
  it('shows the seed render once storage is known to hold nothing, with no runtime yet', async () => {
    let answer!: (fresh: boolean) => void;
    const { host, preview, box, ready } = await mountLoading(
      new Promise((resolve) => (answer = resolve)),
    );
    try {
      await waitFor(ready, 'the seed render acknowledged');
      expect(box.style.visibility, 'hidden until storage answers').to.equal('hidden');
      const frame = preview.frame;
      answer(true);
      await waitFor(() => box.style.visibility !== 'hidden', 'the frame shown');
      expect(preview.frame, 'the same frame, not a second load').to.equal(frame);
      expect(preview.controller!.page, 'the seed page').to.include('Build it live');
    } finally {
      host.remove();
    }
  });

  it('keeps the seed render hidden while storage may hold another workspace', async () => {
    const { host, box, ready } = await mountLoading(Promise.resolve(false));
    try {
      await waitFor(ready, 'the seed render acknowledged');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(box.style.visibility).to.equal('hidden');
    } finally {
      host.remove();
    }
  });
});
