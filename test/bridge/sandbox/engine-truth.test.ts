/**
 * What the preview reports must read the same in Chromium, Firefox and WebKit: an uncaught
 * error's message, file and line (also from a classic script, whose errors WebKit mutes to
 * "Script error." when it runs inline in the sandboxed document), a console warning's place,
 * and no engine's own prefix on a message.
 */
import { expect } from '@open-wc/testing';
import { mountPreview, type Mounted } from './harness.js';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

const failure = async (files: Record<string, string>) => {
  mounted = mountPreview(files);
  const outcome = await mounted.settle();
  expect(outcome.ok, 'the document reported an error').to.equal(false);
  // The tool's own frame around the document's words.
  return !outcome.ok
    ? outcome.error.message.replace(/^The preview failed at revision \d+: /, '')
    : '';
};

describe('the same truth in every engine', () => {
  it('names the message, file and line of an error thrown in a classic script file', async () => {
    const message = await failure({
      'index.html': '<p>x</p>\n<script src="app.js"></script>',
      'app.js': 'const a = 1;\n\nthrow new Error("boom " + a);',
    });
    expect(message).to.equal('Error: boom 1 (app.js:3)');
    const text = await mounted!.consoleLine(/boom/);
    expect(text).to.equal('Error: boom 1 (app.js:3)');
  });

  it('names the message, file and line of an error thrown in an inline classic script', async () => {
    const message = await failure({
      'index.html': '<p>x</p>\n<script>\nconst a = 2;\nnull.x(a);\n</script>',
    });
    expect(message).to.match(/^TypeError: .+ \(index\.html:4\)$/);
  });

  it('keeps classic scripts sharing globals, in document order', async () => {
    mounted = mountPreview({
      'index.html':
        '<script>let shared = "one";</script><script src="two.js"></script><script>console.log("order", shared, typeof later)</script>',
      'two.js': 'shared += " two";\nfunction later() {}',
    });
    expect(await mounted.consoleLine(/^order/)).to.equal('order one two function');
    expect((await mounted.settle()).ok).to.equal(true);
  });

  it('names the file and line of a console warning or error in a classic script', async () => {
    mounted = mountPreview({
      'index.html': '<script src="app.js"></script>',
      'app.js': 'function warn() {\n  console.warn("careful");\n}\nwarn();\nconsole.error("bad");',
    });
    expect(await mounted.consoleLine(/^careful/)).to.equal('careful (app.js:2)');
    expect(await mounted.consoleLine(/^bad/)).to.equal('bad (app.js:5)');
  });

  it('words an uncaught error without an engine prefix', async () => {
    const message = await failure({
      'index.html': '<script type="module" src="main.js"></script>',
      'main.js': '\nthrow new RangeError("too far");',
    });
    expect(message).to.equal('RangeError: too far (main.js:2)');
  });

  it('words a thrown non-error value without an engine prefix', async () => {
    const message = await failure({
      'index.html': '<script src="app.js"></script>',
      'app.js': 'throw "plain words";',
    });
    expect(message).to.equal('plain words (app.js:1)');
  });
});
