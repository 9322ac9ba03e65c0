import { expect } from '@open-wc/testing';
import { FRAME_BRIDGE_SOURCE } from '../../../src/bridge/sandbox/frame-sources.generated.js';
import {
  PREVIEW_DIAGNOSTIC_CODES,
  PREVIEW_ERROR_CODES,
} from '../../../src/runtime/preview/errors.js';
import { mountPreview, type Mounted } from './harness.js';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

// What a host bundler did to the old bridge, a bridge that does not parse, and the
// real bridge failing after its channel is open: each is named, never an acknowledgement timeout.
const failures: Record<string, { source: string; names: RegExp }> = {
  'a bridge that throws before its hello': {
    source: 'throw new ReferenceError("__spreadProps is not defined");',
    names: /did not start/,
  },
  'a bridge that does not parse': { source: '}{', names: /did not start/ },
  'a bridge that fails after opening its channel': {
    source: `CONFIG.modules = null;${FRAME_BRIDGE_SOURCE}`,
    names: /failed to start: TypeError/,
  },
};

describe('a preview bridge that fails to start', () => {
  for (const [name, { source, names }] of Object.entries(failures)) {
    it(`reports ${name} as PREVIEW_RUNTIME_ERROR with a diagnostic card`, async () => {
      const started = performance.now();
      mounted = mountPreview(
        { 'index.html': '<h1>page</h1>' },
        { bridgeSource: source, ackTimeoutMs: 20_000 },
      );
      const outcome = await mounted.settle();
      console.log(`${name}: reported after ${Math.round(performance.now() - started)} ms`);
      expect(!outcome.ok && outcome.error.code).to.equal(PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR);
      expect(!outcome.ok && outcome.error.message).to.match(names);
      const status = mounted.controller.getStatus();
      expect(status.state).to.equal('error');
      expect(status.diagnostics.map((d) => d.code)).to.include(
        PREVIEW_DIAGNOSTIC_CODES.BRIDGE_FAILED,
      );
      expect(mounted.controller.frame!.srcdoc).to.contain('The preview stopped');
    });
  }
});

describe('a bridge whose hello arrives after the page loaded', () => {
  it('is acknowledged: a hello that reaches the shell late is not a failed bridge', async () => {
    // Firefox delivers the hello (which carries a port, across processes) up to half a second
    // after the inner frame's load event on a busy machine; here it comes 800 ms after.
    const late =
      'const parentWindow = window.parent; window.parent = { postMessage: (...args) => ' +
      'setTimeout(() => parentWindow.postMessage(...args), 800) };';
    mounted = mountPreview(
      { 'index.html': '<h1>page</h1>' },
      { bridgeSource: `${late}${FRAME_BRIDGE_SOURCE}` },
    );
    const outcome = await mounted.settle();
    expect(outcome.ok, JSON.stringify(outcome)).to.equal(true);
    expect(mounted.controller.getStatus().diagnostics).to.deep.equal([]);
  });
});
