// Writes the bench figures of docs/performance.md (and the README's one line of headline
// figures) from bench output, so no figure there is typed by hand.
// Runs each bench below (after `npm run build`), or only those named on the command line, and
// replaces the text between its markers `<!-- bench:NAME -->` and `<!-- bench:NAME:end -->` with
// the lines it picks, as printed.
// `preview-engines` runs the preview bench once per engine (the seed's rows) into one block; its
// medians also become the README's headline line, between `<!-- bench:NAME:headline -->` and
// `<!-- bench:NAME:headline:end -->`.
//   node scripts/bench-docs.mjs [size] [cold-start] [preview] [preview-engines] [preview-assets]
//   [workspace]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { previewHeadline } from './bench-headline.mjs';

const benches = [
  {
    name: 'size',
    script: 'bench/size.mjs',
    pick: (line) =>
      /^\| (ca-studio\.js|browser\/runtime\.js|chunks\/(initial|studio|code-editor|panel-elements|autocomplete|lang-html)-)/.test(
        line,
      ) ||
      /^(script-tag entry|the editor with|the studio's other panels|first load|then, once a person|first visit|floor:)/.test(
        line,
      ),
  },
  {
    name: 'cold-start',
    script: 'bench/cold-start.mjs',
    pick: (line) => /^(cold start|\||ours ÷|playground ÷|waterfall)/.test(line),
  },
  {
    name: 'preview',
    script: 'bench/preview-latency.mjs',
    pick: (line) => /^(Preview edit|interleaved|\|)/.test(line),
  },
  {
    name: 'preview-engines',
    runs: ['chromium', 'firefox', 'webkit'].map((engine) => [
      'bench/preview-latency.mjs',
      '30',
      '--only=four-file',
      '--no-playground',
      `--engine=${engine}`,
    ]),
    pick: (line) => /^(interleaved|\| (ours|floor)|first writes| {2}(ours|floor))/.test(line),
    command: 'preview -- --engine=NAME',
    note: "on the project's 2-core machine; Firefox and WebKit time in whole milliseconds",
    headline: { page: 'README.md', line: previewHeadline },
  },
  {
    name: 'preview-assets',
    runs: [['--import', 'tsx', 'bench/preview-assets.ts']],
    pick: (line) => line.trim() !== '',
  },
  {
    name: 'workspace',
    script: 'bench/workspace.mjs',
    args: ['scale'],
    pick: (line) => /^(scale, | {2}\S)/.test(line),
  },
];
const chosen = process.argv.slice(2);

const PAGE = 'docs/performance.md';
const pages = new Map();
const pageText = (path) => pages.get(path) ?? readFileSync(path, 'utf8');
for (const { name, script, args = [], runs = [[script, ...args]], pick, ...about } of benches) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  const lines = runs.flatMap((run, index) => [
    ...(index > 0 ? [''] : []),
    ...execFileSync(process.execPath, run, { encoding: 'utf8' }).split('\n').filter(pick),
  ]);
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- bench:${name}:end -->`;
  const { command = name, note, headline } = about;
  const block = `${start}\n\n\`npm run bench:${command}\` on ${new Date().toISOString().slice(0, 10)}${note ? ` (${note})` : ''}:\n\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n\n`;
  replaceBlock(PAGE, start, end, block);
  console.log(`${PAGE}: bench:${name}, ${lines.length} lines`);
  if (headline) {
    const marker = `<!-- bench:${name}:headline -->`;
    const text = `${marker}\n\n${headline.line(lines)}\n`;
    replaceBlock(headline.page, marker, `<!-- bench:${name}:headline:end -->`, text);
    console.log(`${headline.page}: bench:${name} headline`);
  }
}

/** Puts `block` in place of the text from `start` up to `end` in the page at `path`. */
function replaceBlock(path, start, end, block) {
  const page = pageText(path);
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${path} has no ${start} … ${end} markers.`);
  pages.set(path, page.slice(0, from) + block + page.slice(to));
}
for (const [path, page] of pages) writeFileSync(path, page);
