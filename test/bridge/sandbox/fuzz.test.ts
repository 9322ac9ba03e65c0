import { expect } from '@open-wc/testing';
import { assemblePreviewDocument } from '../../../src/bridge/sandbox/assemble.js';
import { PreviewController } from '../../../src/bridge/sandbox/controller.js';
import { renderPreviewHtml } from '../../../src/bridge/sandbox/compile.js';
import { compilePreviewDocument } from '../../../src/bridge/sandbox/compile-preview.js';
import {
  PREVIEW_DIAGNOSTIC_CODES,
  PREVIEW_ERROR_CODES,
} from '../../../src/runtime/preview/errors.js';
import { createTestWorkspace, text } from './fixtures.js';
import { hostileDocument } from './hostile-documents.js';
import { SITE_IMPORT_MAP } from './navigation-vectors.js';
import { readSink, sinkUrls } from './sink.js';

const DOCUMENTS = 5000;
const SEED = 12;
// Documents per load: the concatenation is itself a hostile document, and runs every way out
// of the documents in it. Each document is also assembled and checked on its own.
const PER_LOAD = 50;
const WORKERS = 4;
const BRIDGE_MARK = 'context-action.preview.hello';
const CONFIG_MARK = '</script><script>configuration';

/**
 * What a frame parses from an assembled document: the policy, then the bridge's configuration
 * (a data block, which never runs) and the bridge, first.
 */
function checkAssembly(html: string): string | null {
  const page = compilePreviewDocument([text('index.html', html)]);
  const assembled = assemblePreviewDocument(renderPreviewHtml(page), {
    script: `/*${BRIDGE_MARK}*/`,
    config: { mark: CONFIG_MARK },
  });
  const parsed = new DOMParser().parseFromString(assembled, 'text/html');
  const [first, config, bridge] = [...parsed.head.children];
  if (first?.getAttribute('http-equiv') !== 'Content-Security-Policy') return 'policy not first';
  if (
    !(config instanceof HTMLScriptElement) ||
    config.type !== 'application/json' ||
    JSON.parse(config.text).mark !== CONFIG_MARK
  )
    return 'configuration not second';
  if (!(bridge instanceof HTMLScriptElement) || !bridge.text.includes(BRIDGE_MARK))
    return 'bridge not third';
  if (parsed.scripts[0] !== config || parsed.scripts[1] !== bridge)
    return 'a script precedes the bridge';
  return null;
}

describe('preview fuzz: generated hostile documents', () => {
  it(`contains ${DOCUMENTS} hostile documents, half the loads with a site import map: nothing leaves, the bridge is first, every revision acknowledged or diagnosed`, async function () {
    this.timeout(280_000);
    const urls = sinkUrls((await readSink(true)).ports);
    const documents = Array.from({ length: DOCUMENTS }, (_, index) =>
      hostileDocument(SEED, index, urls),
    );
    const misassembled = documents
      .map((html, index) => [index, checkAssembly(html)] as const)
      .filter(([, problem]) => problem !== null);
    expect(misassembled.slice(0, 5)).to.deep.equal([]);

    const outcomes: Record<string, number> = {};
    const unexplained: string[] = [];
    let next = 0;
    const worker = async (_: unknown, index: number) => {
      const container = document.createElement('div');
      document.body.append(container);
      const controller = new PreviewController(container, { ackTimeoutMs: 60_000 });
      // Half the loads run with a site import map: its origin (not the sink's) opens nothing else.
      if (index % 2 === 1) controller.setImportMap(SITE_IMPORT_MAP);
      const workspace = createTestWorkspace({ 'index.html': '' });
      try {
        while (next < DOCUMENTS) {
          const from = next;
          next += PER_LOAD;
          const revision = workspace.write({
            'index.html': documents.slice(from, from + PER_LOAD).join('\n'),
          });
          await controller.show(workspace.getSnapshot());
          const outcome = await controller.waitForRevision(revision, new AbortController().signal);
          const key = outcome.ok ? 'ready' : outcome.error.code;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          const codes = controller.getStatus().diagnostics.map((diagnostic) => diagnostic.code);
          const diagnosed =
            !outcome.ok && outcome.error.code === PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR;
          if (
            codes.includes(PREVIEW_DIAGNOSTIC_CODES.BRIDGE_FAILED) ||
            (!outcome.ok && !diagnosed)
          ) {
            unexplained.push(`documents ${from}…${from + PER_LOAD - 1}: ${key}`);
          }
        }
      } finally {
        controller.dispose();
        container.remove();
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: WORKERS }, worker));
    // Late attempts (timers, ICE gathering) get a moment to reach the sink before it is read.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sink = await readSink(true);
    console.log(
      `fuzz: ${DOCUMENTS} documents assembled and checked, loaded ${PER_LOAD} per load in ${Math.round((performance.now() - started) / 1000)} s; loads ${JSON.stringify(outcomes)}; sink http ${sink.http.length}, udp ${sink.udp}, tcp ${sink.tcp}, TLS names ${sink.names.length}`,
    );
    expect(unexplained.slice(0, 5)).to.deep.equal([]);
    expect({
      http: sink.http.slice(0, 10),
      udp: sink.udp,
      tcp: sink.tcp,
      names: sink.names.slice(0, 10),
    }).to.deep.equal({ http: [], udp: 0, tcp: 0, names: [] });
  });
});
