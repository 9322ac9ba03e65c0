// Production build verification (X4) of the demo site built for a sub-path (`dist/site/`,
// base `/context-action/`). First the files: every page's entry assets sit under the base path,
// every JavaScript chunk reference (transitively) and CSS asset reference resolves to a file in
// the site with a safe path. Then a real Chromium opens each page from a loopback static server
// under the base path and checks the studio, the lazy editor chunk, the tool catalog and the
// preview render together. Prints each problem; exits 1 when there is any.
//
//   node scripts/verify-site.mjs [siteDir] [--files-only]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { serveDirectories } from '../bench/static-server.mjs';
import { chromiumLaunchOptions } from './system.mjs';

export const SITE_BASE = '/context-action/';
const ROOT = resolve(import.meta.dirname, '..');
/** The site's pages: every HTML file but the preview shell document, which frames load. */
const pagesOf = (dir) =>
  readdirSync(dir).filter((name) => name.endsWith('.html') && name !== 'preview-shell.html');

const ATTRIBUTE_REFS = /<(script|link)\b[^>]*?\b(src|href)\s*=\s*["']([^"']+)["'][^>]*>/gi;
// Starter files in a page's markup are workspace files, not the page's own assets.
const STARTER_FILES =
  /<script\b[^>]*\btype\s*=\s*["']ca-file["'][^>]*>[\s\S]*?<\/script>|<template\b[^>]*\bdata-path\b[^>]*>[\s\S]*?<\/template>/gi;
const PAGE_LINKS = /<a\b[^>]*?\bhref\s*=\s*["']([^"'#?]+\.html)["']/gi;
// Quoted specifiers that name a sibling chunk or a base-path asset, however minified.
const JS_REFS =
  /(["'`])((?:\.{1,2}\/|\/)[\w./@-]+\.(?:m?js|css)|assets\/[\w./@-]+\.(?:m?js|css))\1/g;
const CSS_REFS = /url\(\s*(["']?)([^"')]+)\1\s*\)|@import\s+(["'])([^"']+)\3/g;

/** A site-relative path for `reference` seen in `fromFile`, or a problem string. */
function locate(dir, base, fromFile, reference) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//'))
    return { problem: `external reference ${reference}` };
  let decoded;
  try {
    decoded = decodeURIComponent(reference.split(/[?#]/)[0]);
  } catch {
    return { problem: `undecodable reference ${reference}` };
  }
  if (decoded.includes('\\') || decoded.includes('\0'))
    return { problem: `unsafe path ${reference}` };
  let sitePath;
  if (decoded.startsWith('/')) {
    if (!decoded.startsWith(base)) return { problem: `${reference} is outside the base ${base}` };
    sitePath = decoded.slice(base.length);
  } else if (decoded.startsWith('assets/')) {
    sitePath = decoded;
  } else {
    sitePath = posix.join(posix.dirname(fromFile), decoded);
  }
  if (sitePath.split('/').includes('..') || posix.isAbsolute(sitePath))
    return { problem: `${reference} leaves the site` };
  const file = resolve(dir, sitePath);
  if (file !== dir && !file.startsWith(dir + sep))
    return { problem: `${reference} leaves the site` };
  if (!existsSync(file) || !statSync(file).isFile())
    return { problem: `missing file ${sitePath} (referenced as ${reference})` };
  return { path: relative(dir, file).split(sep).join('/') };
}

/** Static checks of a built site; returns the problems found (empty when sound). */
export function verifySiteFiles(siteDir, base = SITE_BASE) {
  const dir = resolve(siteDir);
  const problems = [];
  if (!existsSync(dir)) return [`no site at ${dir}; run npm run build`];
  const pages = pagesOf(dir);
  if (pages.length === 0) problems.push('the site has no pages');
  const queue = [];
  const seen = new Set();
  const follow = (from, reference) => {
    const found = locate(dir, base, from, reference);
    if (found.problem) return problems.push(`${from}: ${found.problem}`);
    if (!seen.has(found.path)) {
      seen.add(found.path);
      queue.push(found.path);
    }
  };
  for (const page of pages) {
    const text = readFileSync(join(dir, page), 'utf8').replace(STARTER_FILES, '');
    const refs = [...text.matchAll(ATTRIBUTE_REFS)];
    const entries = refs.filter(([tag, name]) => name === 'script' && /type=["']module/.test(tag));
    if (entries.length === 0) problems.push(`${page}: no module entry script`);
    for (const [, , , reference] of refs) {
      if (!reference.startsWith(base))
        problems.push(`${page}: entry asset ${reference} is not under the base ${base}`);
      else follow(page, reference);
    }
    for (const [, link] of text.matchAll(PAGE_LINKS)) {
      const found = locate(dir, base, page, link);
      if (found.problem) problems.push(`${page}: link ${found.problem}`);
    }
  }
  for (let path = queue.shift(); path; path = queue.shift()) {
    const text = readFileSync(join(dir, path), 'utf8');
    if (/\.m?js$/.test(path))
      for (const [, , reference] of text.matchAll(JS_REFS)) follow(path, reference);
    if (path.endsWith('.css'))
      for (const match of text.matchAll(CSS_REFS)) {
        const reference = match[2] ?? match[4];
        if (!reference.startsWith('data:') && !reference.startsWith('#')) follow(path, reference);
      }
  }
  if (![...seen].some((path) => /code-editor.*\.js$/.test(path)))
    problems.push('no lazy code-editor chunk is referenced');
  return problems;
}

/** Opens every page under the base path in Chromium; returns the problems found. */
export async function verifySiteInBrowser(siteDir, base = SITE_BASE) {
  const { chromium } = await import('playwright-core');
  const dir = resolve(siteDir);
  const pages = pagesOf(dir);
  const server = await serveDirectories('127.0.0.1', [[base, dir]]);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const problems = [];
  try {
    for (const name of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const failed = [];
      const scripts = [];
      page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      try {
        await page.goto(`${server.origin}${base}${name}`);
        // A page may hold several studios (configure.html): the first one is checked.
        await page.locator('ca-editor .cm-content').first().waitFor({ timeout: 30_000 });
        const toggle = page.locator('ca-studio [part="tools-toggle"]').first();
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await page.locator('ca-catalog [role="option"]').first().waitFor({ timeout: 30_000 });
        await page.waitForFunction(
          () => {
            const runtime = globalThis.document.querySelector('ca-studio')?.runtime;
            const host = runtime?.capabilities.resolve({ id: 'previewHost' });
            const status = host?.getStatus();
            return status?.state === 'ready' && status.acknowledgedRevision !== null;
          },
          undefined,
          { timeout: 30_000 },
        );
        if (!scripts.some((path) => path.startsWith(`${base}assets/code-editor`)))
          failed.push('the lazy code-editor chunk was not loaded');
      } catch (error) {
        failed.push(error instanceof Error ? error.message.split('\n')[0] : String(error));
      }
      problems.push(...failed.map((problem) => `${name} in Chromium: ${problem}`));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const siteDir = args.find((arg) => !arg.startsWith('--')) ?? join(ROOT, 'dist', 'site');
  let problems = verifySiteFiles(siteDir);
  if (problems.length === 0 && !args.includes('--files-only'))
    problems = await verifySiteInBrowser(siteDir);
  for (const problem of problems) console.error(`✖ ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`✔ ${relative(process.cwd(), siteDir) || siteDir} verified under ${SITE_BASE}`);
}
