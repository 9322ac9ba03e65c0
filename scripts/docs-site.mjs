// Builds the docs site (dist/docs/) from docs/: the guides as pages, one page per element with a
// live sample beside its source and API tables generated from custom-elements.json, and a static
// search index (Pagefind). Samples are files under docs/samples/ that the pages include and the
// tests run, so every sample a reader copies has been executed.
//
//   node scripts/docs-site.mjs   (run by `npm run build`, after the manifest is written)
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { Marked } from 'marked';
import * as pagefind from 'pagefind';
import { GUIDES, ELEMENT_SAMPLES, SAMPLES_DIR, elementSamplePath } from './docs-pages.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
export const SITE_DIR = join(ROOT, 'dist', 'docs');

const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export const slug = (text) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    // Rendered headings escape punctuation (`site&#39;s`): an entity is punctuation too.
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const SAMPLE_LINE = /^Sample: \[[^\]]*\]\((samples\/[^)]+)\)$/;

/** A live sample and its source, side by side; `href` is the sample's URL from the page. */
function sampleBlock(file, href) {
  const source = readFileSync(join(DOCS, file), 'utf8');
  const language = file.endsWith('.html') ? 'html' : 'ts';
  const code = `<pre class="source"><code class="language-${language}">${escapeHtml(source.trimEnd())}</code></pre>`;
  if (language !== 'html')
    return `<figure class="sample">${code}<figcaption>${escapeHtml(file)}</figcaption></figure>`;
  return `<figure class="sample live">
<iframe src="${escapeHtml(href)}" title="Live sample: ${escapeHtml(file)}" loading="lazy"></iframe>
${code}
<figcaption><a href="${escapeHtml(href)}">Open ${escapeHtml(file)} on its own</a></figcaption>
</figure>`;
}

/**
 * Markdown to HTML with heading anchors; links to other docs become links to their pages and
 * links into the repository's source (which the site does not carry) become plain text.
 */
function renderMarkdown(markdown, pagePath) {
  const pageDir = posix.dirname(pagePath);
  const headings = new Map();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        let id = slug(inner);
        const seen = headings.get(id) ?? 0;
        headings.set(id, seen + 1);
        if (seen) id = `${id}-${seen}`;
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const target = siteHref(href, pageDir);
        if (target === undefined) return inner;
        return `<a href="${escapeHtml(target)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
      },
      image({ href, text }) {
        const target = siteHref(href, pageDir) ?? href;
        return `<img src="${escapeHtml(target)}" alt="${escapeHtml(text)}" loading="lazy">`;
      },
      paragraph({ tokens, raw }) {
        const sample = SAMPLE_LINE.exec(raw.trim());
        if (sample) return sampleBlock(sample[1], relativeUrl(pagePath, sample[1]));
        return `<p>${this.parser.parseInline(tokens)}</p>\n`;
      },
      code({ text, lang }) {
        return `<pre><code class="language-${escapeHtml(lang ?? 'text')}">${escapeHtml(text)}</code></pre>\n`;
      },
    },
  });
  return marked.parse(markdown);
}

const relativeUrl = (fromPage, toFile) =>
  posix.relative(posix.dirname(fromPage), toFile) || posix.basename(toFile);

/** Where a docs link points on the site, or undefined for a file the site does not carry. */
function siteHref(href, pageDir) {
  if (/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(href)) return href;
  const [path, hash] = href.split('#');
  const target = posix.normalize(posix.join(pageDir, path));
  const page = pageFor(target);
  if (page) return relativeUrl(posix.join(pageDir, 'x'), page) + (hash ? `#${hash}` : '');
  if (
    /^elements\/ca-[a-z-]+\.html$/.test(target) ||
    /^(samples\/|[\w-]+\.(png|svg|jpg))/.test(target)
  )
    return href;
  return undefined;
}

/** The site page of a docs-relative markdown file, if the site has one. */
function pageFor(docsPath) {
  if (docsPath === '../README.md') return 'index.html';
  const guide = GUIDES.find((entry) => entry.file === docsPath);
  return guide ? guide.file.replace(/\.md$/, '.html') : undefined;
}

const cell = (text) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function table(title, rows, columns) {
  if (!rows?.length) return '';
  return `<h2 id="${slug(title)}">${escapeHtml(title)}</h2>
<div class="table"><table><thead><tr>${columns.map(([label]) => `<th scope="col">${label}</th>`).join('')}</tr></thead>
<tbody>${rows.map((row) => `<tr>${columns.map(([, pick]) => `<td>${pick(row)}</td>`).join('')}</tr>`).join('\n')}</tbody></table></div>`;
}

const code = (text) => (text ? `<code>${escapeHtml(text)}</code>` : '');

/** The element's reference page: summary, live sample, then its API tables. */
function elementPage(element, pagePath) {
  const fields = (element.members ?? []).filter(
    (member) =>
      member.kind === 'field' &&
      member.privacy !== 'private' &&
      member.privacy !== 'protected' &&
      !member.static,
  );
  const body = [
    `<h1 id="${element.tagName}"><code>&lt;${element.tagName}&gt;</code></h1>`,
    `<p>${cell(element.summary || element.description)}</p>`,
    element.summary && element.description ? `<p>${cell(element.description)}</p>` : '',
    `<h2 id="example">Example</h2>`,
    sampleBlock(
      elementSamplePath(element.tagName),
      relativeUrl(pagePath, elementSamplePath(element.tagName)),
    ),
    table('Attributes', element.attributes, [
      ['Name', (a) => code(a.name)],
      ['Property', (a) => code(a.fieldName)],
      ['Type', (a) => code(a.type?.text)],
      ['Default', (a) => code(a.default)],
      ['Description', (a) => cell(a.description)],
    ]),
    table('Properties', fields, [
      ['Name', (f) => code(f.name)],
      ['Type', (f) => code(f.type?.text)],
      ['Description', (f) => cell(f.description)],
    ]),
    table('Events', element.events, [
      ['Name', (e) => code(e.name)],
      ['Detail', (e) => code(e.type?.text)],
      ['Description', (e) => cell(e.description)],
    ]),
    table('Slots', element.slots, [
      ['Name', (s) => (s.name ? code(s.name) : '(default)')],
      ['Description', (s) => cell(s.description)],
    ]),
    table('CSS parts', element.cssParts, [
      ['Name', (p) => code(p.name)],
      ['Description', (p) => cell(p.description)],
    ]),
    table('CSS custom properties', element.cssProperties, [
      ['Name', (p) => code(p.name)],
      ['Description', (p) => cell(p.description)],
    ]),
  ];
  return body.filter(Boolean).join('\n');
}

export function manifestElements() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8'));
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

function layout({ title, body, pagePath, nav }) {
  const up = (path) => relativeUrl(pagePath, path);
  const link = (path, label) =>
    `<li><a href="${up(path)}"${path === pagePath ? ' aria-current="page"' : ''}>${label}</a></li>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Context-Action Elements</title>
<link rel="stylesheet" href="${up('site.css')}">
<link rel="stylesheet" href="${up('pagefind/pagefind-ui.css')}">
<script src="${up('pagefind/pagefind-ui.js')}"></script>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="top">
<a class="brand" href="${up('index.html')}">Context-Action Elements</a>
<div id="search" role="search"></div>
</header>
<div class="page">
<nav aria-label="Docs">
<h2>Start</h2>
<ul>${nav.start.map(([path, label]) => link(path, label)).join('')}</ul>
<h2>Guides</h2>
<ul>${nav.guides.map(([path, label]) => link(path, label)).join('')}</ul>
<h2>Elements</h2>
<ul>${nav.elements.map(([path, label]) => link(path, `<code>&lt;${label}&gt;</code>`)).join('')}</ul>
</nav>
<main id="content" data-pagefind-body>
${body}
</main>
</div>
<script>
addEventListener('DOMContentLoaded', () => {
  if (window.PagefindUI) new PagefindUI({ element: '#search', showSubResults: true });
});
</script>
</body>
</html>
`;
}

const titleOf = (markdown) => /^# (.+)$/m.exec(markdown)?.[1].replace(/`/g, '') ?? 'Untitled';

/** Writes dist/docs/; returns the list of page paths it wrote (relative to the site). */
export async function buildDocsSite() {
  rmSync(SITE_DIR, { recursive: true, force: true });
  mkdirSync(SITE_DIR, { recursive: true });
  const elements = manifestElements();
  const missing = elements.filter((element) => !ELEMENT_SAMPLES.includes(element.tagName));
  if (missing.length)
    throw new Error(
      `No sample for ${missing.map((e) => e.tagName).join(', ')} in docs/samples/elements/.`,
    );

  const guides = GUIDES.map((entry) => {
    const markdown = readFileSync(join(DOCS, entry.file), 'utf8');
    return {
      ...entry,
      markdown,
      page: entry.file.replace(/\.md$/, '.html'),
      title: titleOf(markdown),
    };
  });
  const nav = {
    start: guides.filter((g) => g.section === 'start').map((g) => [g.page, g.title]),
    guides: guides.filter((g) => g.section === 'guide').map((g) => [g.page, g.title]),
    elements: elements.map((e) => [`elements/${e.tagName}.html`, e.tagName]),
  };
  const pages = [];
  const write = (pagePath, title, body) => {
    const file = join(SITE_DIR, pagePath);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, layout({ title, body, pagePath, nav }));
    pages.push(pagePath);
  };
  for (const guide of guides)
    write(guide.page, guide.title, renderMarkdown(guide.markdown, guide.file));
  for (const element of elements) {
    const pagePath = `elements/${element.tagName}.html`;
    write(pagePath, `<${element.tagName}>`, elementPage(element, pagePath));
  }
  cpSync(join(DOCS, SAMPLES_DIR), join(SITE_DIR, SAMPLES_DIR), { recursive: true });
  for (const image of readdirSync(DOCS).filter((name) => /\.(png|svg|jpg)$/.test(name)))
    cpSync(join(DOCS, image), join(SITE_DIR, image));
  cpSync(join(DOCS, 'site', 'site.css'), join(SITE_DIR, 'site.css'));

  const { index } = await pagefind.createIndex({});
  await index.addDirectory({ path: SITE_DIR });
  await index.writeFiles({ outputPath: join(SITE_DIR, 'pagefind') });
  await pagefind.close();
  return pages.map((page) => relative(SITE_DIR, join(SITE_DIR, page)));
}

if (process.argv[1] === import.meta.filename) {
  const pages = await buildDocsSite();
  console.log(`docs site: ${pages.length} pages in ${relative(ROOT, SITE_DIR)}/`);
}
