// What the docs site holds and in which order: the guides (markdown files under docs/) and the
// samples that pages include (files under docs/samples/, each executed by the tests).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const DOCS = resolve(import.meta.dirname, '..', 'docs');
export const SAMPLES_DIR = 'samples';

/** `section`: `start` pages lead the navigation, then the `guide` pages by task. */
export const GUIDES = [
  { file: 'index.md', section: 'start' },
  { file: 'getting-started.md', section: 'start' },
  { file: 'frameworks.md', section: 'start' },
  { file: 'use-a-model.md', section: 'guide' },
  { file: 'approvals-and-policy.md', section: 'guide' },
  { file: 'tools.md', section: 'guide' },
  { file: 'mcp.md', section: 'guide' },
  { file: 'durable-operations.md', section: 'guide' },
  { file: 'collaboration.md', section: 'guide' },
  { file: 'host-companion.md', section: 'guide' },
  { file: 'surfaces.md', section: 'guide' },
  { file: 'typescript-and-packages.md', section: 'guide' },
  { file: 'theming.md', section: 'guide' },
  { file: 'preview-security.md', section: 'guide' },
  { file: 'never-lose-an-edit.md', section: 'guide' },
  { file: 'workspace-coordination.md', section: 'guide' },
  { file: 'workspace-names.md', section: 'guide' },
  { file: 'performance.md', section: 'guide' },
  { file: 'browser-support.md', section: 'guide' },
  { file: 'architecture.md', section: 'guide' },
  { file: 'mutation-testing.md', section: 'guide' },
];

export const elementSamplePath = (tag) => `${SAMPLES_DIR}/elements/${tag}.html`;

/** Tags that have a live sample in docs/samples/elements/. */
export const ELEMENT_SAMPLES = readdirSync(join(DOCS, SAMPLES_DIR, 'elements'))
  .filter((name) => name.endsWith('.html'))
  .map((name) => name.replace(/\.html$/, ''));

/** Every sample file, relative to docs/. */
export function sampleFiles(dir = SAMPLES_DIR) {
  return readdirSync(join(DOCS, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sampleFiles(path);
    return /\.(html|ts)$/.test(entry.name) && entry.name !== 'tsconfig.json' ? [path] : [];
  });
}
