import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { browserFor, engineFrom } from './scripts/wtr-engines.mjs';
import {
  bundledTestFiles,
  commonjsPackages,
  esmBundles,
  skipNodeOnlyTests,
} from './scripts/wtr-plugins.mjs';
import { openAiScriptMiddleware } from './test/support/openai-script-middleware.mjs';
import { uiStreamScriptMiddleware } from './test/support/ui-stream-script-middleware.mjs';
import { requestSinkPlugin } from './test/support/request-sink-plugin.mjs';
import { refuseRequestsPlugin } from './test/support/refuse-requests-plugin.mjs';
import { netLogPlugin } from './test/support/net-log-plugin.mjs';
import { previewShellMiddleware } from './test/support/preview-shell-middleware.mjs';
import { sealedHostMiddleware } from './test/support/sealed-host-middleware.mjs';
import { hostCompanionCommands } from './test/support/host-companion.mjs';
import { collabServerCommands } from './test/support/collab-server-commands.mjs';
import { mcpAppServerCommands } from './test/support/mcp-app-server-commands.mjs';
import { engineCommandsPlugin } from './test/support/engine-commands-plugin.mjs';
import { fileReporter } from './scripts/test-report.mjs';

// CA_ENGINE=chromium|firefox|webkit picks the browser (Chromium by default).
const engine = engineFrom();
const TSCONFIG = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
const BROWSER_ONLY = '!test/**/*.node.test.ts';
// The element suites, the preview/bridge suite and the studio's end-to-end journeys.
const ELEMENTS_AND_BRIDGE = [
  'test/elements/**/*.test.ts',
  'test/bridge/**/*.test.ts',
  'test/composition/**/*.test.ts',
  BROWSER_ONLY,
];
// The preview/bridge suite and the studio's journeys. MiniBrowser runs one file at a time and
// the element suites take it about half an hour on this machine, past the time `npm test` has.
const JOURNEYS = [
  'test/bridge/**/*.test.ts',
  'test/elements/studio/{studio,studio-host-connect,write-path}.test.ts',
  'test/elements/preview/preview.test.ts',
  'test/elements/shared/scrollbars.test.ts',
  'test/elements/explorer/explorer-folder.test.ts',
  'test/elements/runtime/shared-workspace.test.ts',
  'test/elements/editor/editor-surface.test.ts',
  'test/elements/test-page.test.ts',
  BROWSER_ONLY,
];
const FILES = {
  chromium: ['test/**/*.test.ts', BROWSER_ONLY],
  firefox: ELEMENTS_AND_BRIDGE,
  webkit: JOURNEYS,
};
// Files that flood the browser (20,000 window messages) run in a browser of their own
// (`CA_GROUP=isolated`, after each engine's main run, scripts/browser-tests.mjs): a Firefox
// still draining a flood once detached the next file's frame and took the whole run down.
export const ISOLATED = ['test/bridge/sandbox/window-flood.test.ts'];
const files = (engine) =>
  process.env.CA_GROUP === 'isolated'
    ? ISOLATED
    : [...FILES[engine], ...ISOLATED.map((file) => `!${file}`)];

export default {
  // Chromium runs every browser test, Firefox the element, preview/bridge and end-to-end suites,
  // WebKit the preview/bridge suite and the studio's journeys (README, "Browser support").
  files: files(engine),
  nodeResolve: true,
  // One file at a time outside Chromium. WebDriver runs parallel files in iframes of one
  // window, which changes focus and viewport behaviour; in Firefox only one window holds the
  // focus, and a page without it has `document.hasFocus()` false, which CodeMirror reads as its
  // editor having lost focus (it flushes drafts and drops focus state mid-test).
  concurrency: engine === 'chromium' ? 2 : 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  // `npm test` (CA_REPORT) also records each file's failures and time for its closing summary.
  reporters: [
    defaultReporter(),
    ...(process.env.CA_REPORT
      ? [fileReporter({ engine, group: process.env.CA_GROUP ?? 'main' })]
      : []),
  ],
  // A scripted OpenAI-compatible endpoint standing in for the remote model (A2–A5).
  // And a scripted site model server on the AI SDK UI message stream (agent-endpoint).
  // The preview shell document, served with and without its header (a site's static file).
  // The sealed-host test files' page, served with the header a site sets on its own pages.
  middleware: [
    sealedHostMiddleware(),
    openAiScriptMiddleware(),
    uiStreamScriptMiddleware(),
    previewShellMiddleware(),
  ],
  plugins: [
    // Keys, viewport and media commands that behave alike in the three engines.
    engineCommandsPlugin(),
    // The browser's accessibility tree, for landmark and heading checks.
    a11ySnapshotPlugin(),
    skipNodeOnlyTests(),
    // Loopback servers counting what preview documents send out.
    requestSinkPlugin(),
    // A chunk that cannot load: the page's requests for one path fail.
    refuseRequestsPlugin(),
    // The host names in Chromium's net log: what the network stack saw, sink or not.
    netLogPlugin(),
    // Real host companion processes on loopback for the host-connect tests (T7).
    hostCompanionCommands(),
    // Real collaboration server processes on loopback for the collaboration tests.
    collabServerCommands(),
    // A studio runtime served over MCP with the studio app, for the MCP Apps host test.
    mcpAppServerCommands(),
    commonjsPackages(['ajv', 'ajv-formats']),
    // The site-model agent's AI SDK, bundled as the production build bundles it, and the
    // preview's transpiler, whose ES build imports CommonJS packages.
    esmBundles(['ai', 'sucrase']),
    // Test files and what they import, bundled; what is not bundled, compiled file by file.
    ...bundledTestFiles({
      tsconfig: TSCONFIG,
      typescript: esbuildPlugin({ ts: true, tsconfig: TSCONFIG }),
    }),
  ],
  browsers: [await browserFor(engine)],
};
