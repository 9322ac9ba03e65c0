import { after, before, describe, it } from 'node:test';
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error -- plain ESM build scripts without type declarations
import { chromiumLaunchOptions } from '../../scripts/system.mjs';
// @ts-expect-error -- plain ESM build scripts without type declarations
import { brokenLinks } from '../../scripts/check-site-links.mjs';
// @ts-expect-error -- plain ESM build scripts without type declarations
import { GUIDES, sampleFiles } from '../../scripts/docs-pages.mjs';
// @ts-expect-error -- plain ESM build scripts without type declarations
import { manifestElements } from '../../scripts/docs-site.mjs';
// @ts-expect-error -- plain ESM bench helpers without type declarations
import { serveDirectories } from '../../bench/static-server.mjs';

const SITE = 'dist/docs';
const samples = (sampleFiles() as string[]).sort();
const htmlSamples = samples.filter((file) => file.endsWith('.html'));

// The docs site built by `npm run build` (npm test builds first): every page, link and sample.
describe('the docs site', () => {
  it('has a page for every guide and every element in the manifest', () => {
    for (const { file } of GUIDES as Array<{ file: string }>)
      expect(readFileSync(join(SITE, file.replace(/\.md$/, '.html')), 'utf8')).to.include('<main');
    for (const { tagName } of manifestElements() as Array<{ tagName: string }>) {
      const page = readFileSync(join(SITE, 'elements', `${tagName}.html`), 'utf8');
      expect(page, tagName).to.include(`samples/elements/${tagName}.html`);
      expect(page, `${tagName} API tables`).to.match(/<h2 id="(attributes|properties|events)">/);
    }
  });

  it('has no broken internal link or anchor', () => {
    expect(brokenLinks(SITE)).to.deep.equal([]);
  });

  it('finds a broken link and a missing anchor when a page has them', () => {
    const copy = mkdtempSync(join('.tmp', 'docs-links-'));
    try {
      cpSync(SITE, copy, { recursive: true });
      writeFileSync(
        join(copy, 'broken.html'),
        '<a href="missing.html">x</a><a href="index.html#no-such-heading">y</a>',
      );
      expect(brokenLinks(copy)).to.deep.equal([
        'broken.html: missing.html (no such file)',
        'broken.html: index.html#no-such-heading (no element with id "no-such-heading")',
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('has a search index', () => {
    expect(readFileSync(join(SITE, 'pagefind', 'pagefind-entry.json'), 'utf8')).to.match(
      /"page_count":\s*[1-9]/,
    );
  });
});

describe('every docs sample', () => {
  let browser: Browser;
  let server: { origin: string; close(): void };
  before(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
    // The site sits in dist/ beside the SDK, as a deployed copy of dist/ would.
    server = await serveDirectories('127.0.0.1', [['/', 'dist']]);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('is a file a page includes', () => {
    const pages = (GUIDES as Array<{ file: string }>)
      .map(({ file }) => readFileSync(join('docs', file), 'utf8'))
      .join('\n');
    for (const file of samples.filter((path) => !path.startsWith('samples/elements/')))
      expect(pages, file).to.include(`(${file})`);
  });

  for (const file of htmlSamples)
    it(`${file} renders its elements and logs no error`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        // A failed request is reported below with its address.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(`console error: ${message.text()}`);
      });
      page.on('response', (response) => {
        // The browser asks every page for a favicon; the samples have none on purpose.
        if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
          problems.push(`${response.status()} ${response.url()}`);
      });
      try {
        await page.goto(`${server.origin}/docs/${file}`);
        // Every ca-* tag on the page is defined, and each element has finished its first update
        // with its runtime (a runtime owner's updateComplete waits for the runtime).
        const tags = await page.evaluate(async () => {
          const elements = [...document.querySelectorAll('*')].filter((el) =>
            el.localName.startsWith('ca-'),
          );
          const names = [...new Set(elements.map((el) => el.localName))];
          await Promise.all(names.map((name) => customElements.whenDefined(name)));
          await Promise.all(
            elements.map(
              (el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete,
            ),
          );
          return names;
        });
        expect(tags.length, 'elements on the page').to.be.greaterThan(0);
        for (const tag of tags) {
          const rendered = await page.evaluate(
            (name) => (document.querySelector(name)?.shadowRoot?.childNodes.length ?? 0) > 0,
            tag,
          );
          expect(rendered, `${tag} rendered its shadow root`).to.equal(true);
        }
        // A preview on the page acknowledges its first revision.
        if (tags.includes('ca-preview') || tags.includes('ca-studio'))
          // A string, not a function: the test runner's compiler would name inner functions
          // with a helper the page does not have.
          await page.waitForFunction(`(() => {
            const stack = [document];
            while (stack.length) {
              const root = stack.pop();
              const preview = root.querySelector('ca-preview');
              if (preview) {
                const status = preview.shadowRoot?.querySelector('[part~="status"]');
                return /^ready\\b/.test(status?.textContent?.trim() ?? '');
              }
              for (const el of root.querySelectorAll('*')) if (el.shadowRoot) stack.push(el.shadowRoot);
            }
            return false;
          })()`);
        expect(problems).to.deep.equal([]);
      } finally {
        await context.close();
      }
    });

  it('the site search finds a guide by a word in it', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.origin}/docs/index.html`);
      await page.fill('#search input', 'idempotency');
      await page
        .locator('.pagefind-ui__result-link', { hasText: 'Durable operations' })
        .first()
        .waitFor();
    } finally {
      await page.close();
    }
  });

  it('in TypeScript type-checks against the built package', async () => {
    const tsc = promisify(execFile)(process.execPath, [
      'node_modules/typescript/bin/tsc',
      '-p',
      'docs/samples/tsconfig.json',
    ]);
    await tsc.catch((error: { stdout: string }) => {
      throw new Error(error.stdout);
    });
  });
});
