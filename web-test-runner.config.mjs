import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { browserFor, engineFrom } from './scripts/wtr-engines.mjs';
import { commonjsPackages, esmBundles, skipNodeOnlyTests } from './scripts/wtr-plugins.mjs';
import { openAiScriptMiddleware } from './test/support/openai-script-middleware.mjs';
import { uiStreamScriptMiddleware } from './test/support/ui-stream-script-middleware.mjs';
import { requestSinkPlugin } from './test/support/request-sink-plugin.mjs';
import { hostCompanionCommands } from './test/support/host-companion.mjs';
import { engineCommandsPlugin } from './test/support/engine-commands-plugin.mjs';

// CA_ENGINE=chromium|firefox|webkit picks the browser (Chromium by default).
const engine = engineFrom();
const BROWSER_ONLY = '!test/**/*.node.test.ts';
// The preview/bridge suite and the studio's journeys: what every engine runs.
const JOURNEYS = [
  'test/bridge/**/*.test.ts',
  'test/elements/{studio,preview,scrollbars,studio-host-connect,explorer-folder}.test.ts',
  'test/elements/{write-path,shared-workspace,editor-surface}.test.ts',
  BROWSER_ONLY,
];
const FILES = {
  chromium: ['test/**/*.test.ts', BROWSER_ONLY],
  firefox: JOURNEYS,
  webkit: JOURNEYS,
};

export default {
  // Chromium (`npm test`) runs every browser test; Firefox and WebKit (`npm run test:engines`)
  // the preview/bridge suite and the studio's journeys. The other element tests still fail in
  // Firefox for reasons not yet fixed (layout at phone width, dark-theme contrast, modal padding
  // clicks, timeouts).
  files: FILES[engine],
  nodeResolve: true,
  // WebDriver runs parallel files in iframes of one window, which changes focus and viewport
  // behaviour: MiniBrowser gets one file at a time in its own window.
  concurrency: engine === 'webkit' ? 1 : 2,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  // A scripted OpenAI-compatible endpoint standing in for the remote model (A2–A5).
  // And a scripted site model server on the AI SDK UI message stream (agent-endpoint).
  middleware: [openAiScriptMiddleware(), uiStreamScriptMiddleware()],
  plugins: [
    // Keys, viewport and media commands that behave alike in the three engines.
    engineCommandsPlugin(),
    // The browser's accessibility tree, for landmark and heading checks.
    a11ySnapshotPlugin(),
    skipNodeOnlyTests(),
    // Loopback servers counting what preview documents send out.
    requestSinkPlugin(),
    // Real host companion processes on loopback for the host-connect tests (T7).
    hostCompanionCommands(),
    commonjsPackages(['ajv', 'ajv-formats']),
    // The site-model agent's AI SDK, bundled as the production build bundles it.
    esmBundles(['ai']),
    esbuildPlugin({
      ts: true,
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
  ],
  browsers: [await browserFor(engine)],
};
