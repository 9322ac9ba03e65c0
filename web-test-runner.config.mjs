import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumLaunchOptions } from './scripts/system.mjs';
import { commonjsPackages, skipNodeOnlyTests } from './scripts/wtr-plugins.mjs';
import { openAiScriptMiddleware } from './test/support/openai-script-middleware.mjs';
import { uiStreamScriptMiddleware } from './test/support/ui-stream-script-middleware.mjs';
import { esmBundles } from './test/support/esm-bundle-plugin.mjs';
import { requestSinkPlugin } from './test/support/request-sink-plugin.mjs';
import { hostCompanionCommands } from './test/support/host-companion.mjs';

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  // A scripted OpenAI-compatible endpoint standing in for the remote model (A2–A5).
  // And a scripted site model server on the AI SDK UI message stream (agent-endpoint).
  middleware: [openAiScriptMiddleware(), uiStreamScriptMiddleware()],
  plugins: [
    skipNodeOnlyTests(),
    // Loopback servers counting what preview documents send out (issue 12).
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
  browsers: [
    chromeLauncher({
      launchOptions: chromiumLaunchOptions(),
      // One browser context per page: files running side by side must not share localStorage
      // (an OpenRouter key saved by one test would switch another file's studio to the model).
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    }),
  ],
};
