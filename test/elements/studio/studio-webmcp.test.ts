import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { createStudioRuntime } from '../../../src/composition/index.js';
import { WEBMCP_IN_CHROMIUM, describeIn } from '../../support/engines.js';

/** Chromium's WebMCP testing surface (`--enable-features=WebMCPTesting`). */
interface BrowserModelContext {
  getTools(): Promise<{ name: string }[]>;
}
const modelContext = (document as unknown as { modelContext: BrowserModelContext }).modelContext;

async function until(check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const registered = async () =>
  (await modelContext.getTools()).filter((tool) => /^(workspace|preview)\./.test(tool.name));

// The fallback without document.modelContext is tested in test/bridge/mcp/webmcp.test.ts.
describeIn(['chromium'], WEBMCP_IN_CHROMIUM)(
  '<ca-studio> WebMCP registrations end with the runtime',
  () => {
    it('runtime.dispose() unregisters every tool while the studio stays connected', async () => {
      const runtime = createStudioRuntime({ workspaceRepository: null });
      const studio = await fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
      await runtime.ready;
      await until(async () => (await registered()).length > 0, 'the studio tools');
      runtime.dispose();
      await until(async () => (await registered()).length === 0, 'the tools to unregister');
      expect(studio.isConnected).to.equal(true);
      // A later update of the connected studio does not register the disposed runtime again.
      studio.requestUpdate();
      await studio.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await registered()).to.deep.equal([]);
    });
  },
);
