import { ContextProvider } from '@lit/context';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import {
  runtimeContext,
  runtimeLoadingContext,
  type RuntimeLoading,
} from '../../../src/elements/shared/runtime-context.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { turnOf } from '../../../src/elements/shared/cold-start-order.js';
import { clickInto } from '../../support/real-input.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/** A `<ca-editor>` whose provider's runtime is still loading, as `<ca-studio>` offers it. */
async function mountLoading(offer: Omit<RuntimeLoading, 'provisionalSnapshot'>) {
  const databaseName = uniqueName('editor-loading');
  // The seed snapshot the workspace starts as, taken before its database has opened.
  const source = createStudioRuntime({ databaseName: uniqueName('seed') });
  const provisionalSnapshot = source.workspace.provisionalSnapshot!()!;
  source.dispose();
  const host = document.createElement('div');
  const loading = new ContextProvider(host, {
    context: runtimeLoadingContext,
    initialValue: { provisionalSnapshot, ...offer },
  });
  const provider = new ContextProvider(host, { context: runtimeContext });
  document.body.append(host);
  const editor = document.createElement('ca-editor') as CaEditor;
  editor.idleMs = 20;
  host.append(editor);
  await editor.updateComplete;
  const content = () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content') ?? undefined;
  const placeholder = () => editor.shadowRoot!.querySelector('.loading')?.textContent?.trim();
  /** The runtime's code has arrived: the provider offers the runtime instead. */
  const arrive = () => {
    const runtime = createStudioRuntime({ databaseName });
    loading.setValue(undefined);
    provider.setValue(runtime);
    return runtime;
  };
  return { host, editor, content, placeholder, arrive };
}

describe('<ca-editor> while its runtime loads', () => {
  it('on a first visit shows the starter files editable, and writes what was typed once hydrated', async () => {
    const mounts = () => performance.getEntriesByName('ca:editor mount', 'measure').length;
    const mountsBefore = mounts();
    let answer!: (fresh: boolean) => void;
    const { host, content, placeholder, arrive } = await mountLoading({
      fresh: new Promise((resolve) => (answer = resolve)),
    });
    try {
      // CodeMirror's chunk has loaded and has nothing to show yet: no empty editor stands in.
      await import('../../../src/elements/editor/code-editor.js');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(content(), 'no editor before storage answers').to.equal(undefined);
      expect(placeholder()).to.equal('Loading editor…');
      answer(true);
      await waitFor(
        () => content()?.textContent?.includes('<!doctype'),
        'the starter index.html shown',
      );
      expect(content()!.getAttribute('contenteditable')).to.equal('true');
      expect(mounts(), 'the mount named on the performance timeline').to.equal(mountsBefore + 1);
      await clickInto(content()!);
      await sendKeys({ press: 'Home' });
      await sendKeys({ type: '<!-- typed early -->' });
      // The draft outlives its idle timer: no runtime yet to write it.
      await new Promise((resolve) => setTimeout(resolve, 60));
      const runtime = arrive();
      try {
        await waitFor(() => {
          const file = runtime.workspace.getSnapshot().files.find((f) => f.path === 'index.html');
          return file?.kind === 'text' && file.text.includes('<!-- typed early -->');
        }, 'the early draft written through the registry after hydration');
        expect(content()!.textContent).to.include('<!-- typed early -->');
      } finally {
        runtime.dispose();
      }
    } finally {
      host.remove();
    }
  });

  it('shows nothing while storage may hold other work, and nothing editable when read-only', async () => {
    const stored = await mountLoading({ fresh: Promise.resolve(false) });
    const readOnly = await mountLoading({ fresh: Promise.resolve(true), readOnly: true });
    try {
      await waitFor(
        () => readOnly.content()?.textContent?.includes('<!doctype'),
        'the read-only studio shows its starter files',
      );
      expect(readOnly.content()!.getAttribute('contenteditable')).to.equal('false');
      expect(stored.content(), 'storage that may hold other work shows no files').to.equal(
        undefined,
      );
      expect(stored.placeholder()).to.equal('Loading editor…');
    } finally {
      stored.host.remove();
      readOnly.host.remove();
    }
  });

  it('holds the runtime until it has painted, and in a hidden tab, which paints nothing, not at all', async () => {
    let frames: FrameRequestCallback[] = [];
    const realFrame = window.requestAnimationFrame;
    // Frames run only when the test says so; a hidden tab has none.
    window.requestAnimationFrame = (callback) => frames.push(callback);
    const runFrames = () => {
      const due = frames;
      frames = [];
      for (const callback of due) callback(performance.now());
    };
    let released = false;
    const { host, content } = await mountLoading({ fresh: Promise.resolve(true) });
    try {
      void turnOf('runtime').then(() => (released = true));
      await waitFor(() => content()?.textContent?.includes('<!doctype'), 'the starter files');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(released, 'no frame painted yet').to.equal(false);
      runFrames();
      await waitFor(() => released, 'the hold released by the painted frame', 500);

      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      released = false;
      const hidden = await mountLoading({ fresh: Promise.resolve(true) });
      try {
        void turnOf('runtime').then(() => (released = true));
        await waitFor(() => hidden.content()?.textContent?.includes('<!doctype'), 'shown');
        // Well before the one-second cap: no frame is awaited.
        await waitFor(() => released, 'the hold released without a frame', 300);
      } finally {
        hidden.host.remove();
      }
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      window.requestAnimationFrame = realFrame;
      host.remove();
    }
  });
});
