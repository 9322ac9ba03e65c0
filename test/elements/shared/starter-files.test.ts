import { expect } from '@open-wc/testing';
import '../../../src/elements/runtime/runtime.js';
import '../../../src/elements/studio/studio.js';
import type { CaRuntime } from '../../../src/elements/runtime/runtime.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { StudioRuntime } from '../../../src/composition/studio-runtime.js';
import { readStarterHash } from '../../../src/composition/starter-files.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { pageFrame } from '../page-frame.js';

const LOCAL = { context: { source: 'local', mode: 'direct' } } as const;

const textOf = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

const pathsOf = (runtime: StudioRuntime) =>
  runtime.workspace.getSnapshot().files.map((file) => file.path);

/** A studio page whose starter files are `heading` in index.html and a stylesheet. */
const studioPage = (workspace: string, heading: string) => `
  <ca-studio workspace="${workspace}">
    <script type="ca-file" path="index.html">
      <!doctype html>
      <link rel="stylesheet" href="style.css" />
      <h1>${heading}</h1>
    </script>
    <template data-path="about.html"><main><p>About <b>us</b></p></main></template>
    <script type="ca-file" path="style.css">
      h1 { color: teal; }
    </script>
  </ca-studio>`;

async function studioIn(page: ReturnType<typeof pageFrame>) {
  const studio = page.document.querySelector<CaStudio>('ca-studio')!;
  const runtime = await waitFor(() => studio.runtime, 'the runtime');
  await runtime.ready;
  return { studio, runtime };
}

const notice = (element: Element) =>
  element.shadowRoot!.querySelector<HTMLElement>('[part="starter-notice"]');

describe('starter files in markup across real reloads', () => {
  it('seeds on the first visit, keeps edits on a revisit, and offers Reset when the markup changes', async function () {
    this.timeout(60000);
    const workspace = uniqueName('starter');
    const page = pageFrame();
    try {
      // First visit: the workspace is the starter files, dedented; the template stays HTML.
      await page.load(studioPage(workspace, 'Hello'));
      let { studio, runtime } = await studioIn(page);
      expect(pathsOf(runtime)).to.deep.equal(['about.html', 'index.html', 'style.css']);
      expect(textOf(runtime, 'index.html')).to.equal(
        '<!doctype html>\n<link rel="stylesheet" href="style.css" />\n<h1>Hello</h1>\n',
      );
      expect(textOf(runtime, 'about.html')).to.equal('<main><p>About <b>us</b></p></main>\n');
      await waitFor(() => readStarterHash(workspace), 'the recorded starter hash');
      expect(notice(studio)).to.equal(null);

      // The person edits; a reload of the same page keeps the edit and says nothing.
      const edit = await runtime.registry.callTool(
        'workspace.writeFile',
        page.value({ path: 'style.css', text: 'h1 { color: crimson; }\n' }),
        page.value(LOCAL),
      );
      expect(edit.error, JSON.stringify(edit.error)).to.equal(undefined);
      await page.load(studioPage(workspace, 'Hello'));
      ({ studio, runtime } = await studioIn(page));
      expect(textOf(runtime, 'style.css')).to.equal('h1 { color: crimson; }\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notice(studio)).to.equal(null);

      // The page's markup changes: the edit is still there, and the studio says so.
      const recorded = readStarterHash(workspace);
      await page.load(studioPage(workspace, 'Hello again'));
      ({ studio, runtime } = await studioIn(page));
      expect(textOf(runtime, 'style.css')).to.equal('h1 { color: crimson; }\n');
      const shown = await waitFor(() => notice(studio), 'the starter notice');
      expect(shown.textContent).to.include('starter files changed');
      // Told once through the studio's one live region, not a region of its own.
      expect(shown.hasAttribute('role')).to.equal(false);
      await waitFor(
        () =>
          studio
            .shadowRoot!.querySelector('[part="announcer"]')
            ?.textContent?.includes('starter files changed'),
        'the notice to be announced',
      );
      expect(readStarterHash(workspace)).to.equal(recorded);

      // Reset takes the new starter files and records them; the next visit is quiet.
      const reset = [...shown.querySelectorAll('button')].find((button) =>
        button.textContent!.includes('Reset'),
      )!;
      reset.click();
      await waitFor(
        () => textOf(runtime, 'index.html')?.includes('Hello again'),
        'the new starter files',
      );
      expect(textOf(runtime, 'style.css')).to.equal('h1 { color: teal; }\n');
      await waitFor(() => notice(studio) === null, 'the notice to close');
      expect(readStarterHash(workspace)).not.to.equal(recorded);

      await page.load(studioPage(workspace, 'Hello again'));
      ({ studio, runtime } = await studioIn(page));
      expect(textOf(runtime, 'index.html')).to.include('Hello again');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notice(studio)).to.equal(null);
    } finally {
      page.remove();
    }
  });

  it('Keep my edits records the new starter files without touching the workspace', async function () {
    this.timeout(60000);
    const workspace = uniqueName('starter-keep');
    const page = pageFrame();
    try {
      await page.load(studioPage(workspace, 'One'));
      let { studio, runtime } = await studioIn(page);
      const edit = await runtime.registry.callTool(
        'workspace.writeFile',
        page.value({ path: 'index.html', text: '<h1>Mine</h1>' }),
        page.value(LOCAL),
      );
      expect(edit.error, JSON.stringify(edit.error)).to.equal(undefined);
      await page.load(studioPage(workspace, 'Two'));
      ({ studio, runtime } = await studioIn(page));
      const shown = await waitFor(() => notice(studio), 'the starter notice');
      [...shown.querySelectorAll('button')]
        .find((button) => button.textContent!.includes('Keep'))!
        .click();
      await waitFor(() => notice(studio) === null, 'the notice to close');
      expect(textOf(runtime, 'index.html')).to.equal('<h1>Mine</h1>');

      await page.load(studioPage(workspace, 'Two'));
      ({ studio, runtime } = await studioIn(page));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notice(studio)).to.equal(null);
      expect(textOf(runtime, 'index.html')).to.equal('<h1>Mine</h1>');
    } finally {
      page.remove();
    }
  });
});

/** Mounts a `<ca-runtime>` whose starter children are built by `fill`, as a page would have them. */
async function mountRuntime(fill: (element: CaRuntime) => void) {
  const element = document.createElement('ca-runtime');
  element.workspace = uniqueName('bad-starter');
  fill(element);
  document.body.append(element);
  // The first runtime of a page waits for its chunk; updateComplete waits with it.
  await element.updateComplete;
  const runtime = element.runtime!;
  await runtime.ready;
  return { element, runtime };
}

const file = (path: string, text: string) => {
  const script = document.createElement('script');
  script.type = 'ca-file';
  script.setAttribute('path', path);
  script.text = text;
  return script;
};

describe('bad starter files give one specific, visible error and a usable runtime', () => {
  const cases: [string, (element: CaRuntime) => void, string][] = [
    [
      'a hostile path',
      (element) => element.append(file('../escape.html', '<p>x</p>')),
      'STARTER_PATH_INVALID',
    ],
    [
      'a file over the 80,000-character limit',
      (element) => element.append(file('index.html', 'x'.repeat(80_001))),
      'STARTER_FILE_TOO_LARGE',
    ],
    [
      'a duplicate path (case folded)',
      (element) => element.append(file('index.html', '<p>1</p>'), file('INDEX.html', '<p>2</p>')),
      'STARTER_PATH_DUPLICATE',
    ],
    [
      'a file type the editor does not open',
      (element) => element.append(file('logo.png', 'x')),
      'STARTER_FILE_UNSUPPORTED',
    ],
    [
      'a failed fetch of the src manifest',
      (element) => (element.src = './fixtures/missing.json'),
      'STARTER_MANIFEST_FAILED',
    ],
    [
      'a src manifest on another origin',
      (element) => (element.src = 'https://example.invalid/project.json'),
      'STARTER_MANIFEST_FAILED',
    ],
  ];
  for (const [what, fill, code] of cases) {
    it(`${what}: ${code}`, async () => {
      const { element, runtime } = await mountRuntime(fill);
      try {
        const alerts = element.shadowRoot!.querySelectorAll('[role="alert"]');
        expect(alerts.length).to.equal(1);
        expect(alerts[0]!.textContent).to.include(code);
        // The default files run and a person can still edit.
        expect(pathsOf(runtime)).to.include('index.html');
        const write = await runtime.registry.callTool(
          'workspace.writeFile',
          { path: 'index.html', text: '<h1>ok</h1>' },
          LOCAL,
        );
        expect(write.error).to.equal(undefined);
      } finally {
        element.remove();
      }
    });
  }
});

describe('a same-origin src manifest', () => {
  it('seeds the workspace from project.json', async () => {
    const manifest = new URL('../fixtures/project.json', import.meta.url).pathname;
    const { element, runtime } = await mountRuntime((element) => (element.src = manifest));
    try {
      expect(pathsOf(runtime)).to.deep.equal(['index.html', 'site.css']);
      expect(textOf(runtime, 'index.html')).to.include('From the manifest');
      expect(element.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
    } finally {
      element.remove();
    }
  });

  it('a src set at run time creates a runtime seeded from it', async () => {
    const { element, runtime } = await mountRuntime((element) => {
      element.storage = 'memory';
      element.append(file('index.html', '<h1>Markup</h1>'));
    });
    try {
      expect(textOf(runtime, 'index.html')).to.equal('<h1>Markup</h1>\n');
      element.src = new URL('../fixtures/project.json', import.meta.url).pathname;
      await element.updateComplete;
      const next = element.runtime!;
      expect(next).not.to.equal(runtime);
      await next.ready;
      // Markup and manifest together: the manifest's index.html duplicates the markup's.
      expect(element.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.include(
        'STARTER_PATH_DUPLICATE',
      );
    } finally {
      element.remove();
    }
  });
});
