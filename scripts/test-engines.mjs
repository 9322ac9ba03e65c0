// `npm run test:engines`: the browser suites in Firefox ESR and WebKitGTK only (the part of
// `npm test` that differs by engine), against the same services as `npm test`. Each engine's
// time is printed; the exit code is non-zero when any engine has a failing test.
import { ENGINES } from './engines.mjs';
import { ensureSystem } from './system.mjs';
import { startServices } from './services.mjs';
import { runBrowserTests } from './browser-tests.mjs';

await ensureSystem();
const services = await startServices();
let failed;
try {
  const results = await runBrowserTests(
    ENGINES.filter((name) => name !== 'chromium'),
    { ...process.env, ...services.env },
  );
  failed = results.find((result) => result.error)?.error;
} finally {
  await services.stop();
}
if (failed) {
  console.error(failed.message);
  process.exit(1);
}
