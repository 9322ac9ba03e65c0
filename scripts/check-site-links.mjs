// Checks every internal link of a built static site: each `href`/`src` that names a file of the
// site resolves to one, and each `#anchor` names an `id` in its target page. Prints each broken
// link; exits 1 when there is any.
//
//   node scripts/check-site-links.mjs [siteDir=dist/docs]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REFERENCES = /\b(?:href|src)\s*=\s*"([^"]*)"/g;
// Starter files in a sample's markup are workspace files, not the page's own links.
const STARTER_FILES =
  /<script\b[^>]*\btype="ca-file"[^>]*>[\s\S]*?<\/script>|<template\b[^>]*\bdata-path\b[^>]*>[\s\S]*?<\/template>/gi;

const htmlFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'pagefind' ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });

const idsOf = (html) => new Set([...html.matchAll(/\bid\s*=\s*"([^"]+)"/g)].map(([, id]) => id));

/** The broken internal links of the site in `dir`, as `page: reference (why)` strings. */
export function brokenLinks(dir) {
  const root = resolve(dir);
  const problems = [];
  const ids = new Map();
  const pageIds = (file) => {
    if (!ids.has(file)) ids.set(file, idsOf(readFileSync(file, 'utf8')));
    return ids.get(file);
  };
  for (const page of htmlFiles(root)) {
    const html = readFileSync(page, 'utf8').replace(STARTER_FILES, '');
    const name = relative(root, page);
    for (const [, reference] of html.matchAll(REFERENCES)) {
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(reference)) continue;
      const [path, anchor] = reference.replace(/&amp;/g, '&').split('#');
      let target = path ? resolve(dirname(page), decodeURIComponent(path)) : page;
      if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html');
      if (!existsSync(target)) {
        // A sample's own script (the SDK beside the site) is checked by running the sample.
        if (!target.startsWith(root + '/')) continue;
        problems.push(`${name}: ${reference} (no such file)`);
        continue;
      }
      if (anchor && target.endsWith('.html') && !pageIds(target).has(decodeURIComponent(anchor)))
        problems.push(`${name}: ${reference} (no element with id "${anchor}")`);
    }
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const problems = brokenLinks(process.argv[2] ?? 'dist/docs');
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}
