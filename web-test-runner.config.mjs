import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumLaunchOptions } from './scripts/system.mjs';
import { commonjsPackages, skipNodeOnlyTests } from './scripts/wtr-plugins.mjs';

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  plugins: [
    skipNodeOnlyTests(),
    commonjsPackages(['ajv', 'ajv-formats']),
    esbuildPlugin({
      ts: true,
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
  ],
  browsers: [chromeLauncher({ launchOptions: chromiumLaunchOptions() })],
};
