import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
// @ts-expect-error -- plain ESM bench helper without type declarations
import { firstLoad } from '../../bench/first-load.mjs';

/** The packages and source files a built file holds, read from its source map. */
const sourcesOf = (paths: Set<string>): string[] =>
  [...paths].flatMap((path) => {
    try {
      return (JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] }).sources;
    } catch {
      // The bundler's own tiny runtime chunk has no source map.
      return [];
    }
  });

const holds = (sources: string[], pattern: RegExp) =>
  sources.some((source) => pattern.test(source));

const COMPLETION = /node_modules\/@codemirror\/autocomplete\//;
const SEARCH = /node_modules\/@codemirror\/search\//;
const FULL_MODES = /node_modules\/@codemirror\/lang-|node_modules\/@lezer\/(css|javascript)\//;

// What the script-tag build loads before its first file is editable (bench/first-load.mjs, the
// files bench:size counts), from the built dist/ (`npm test` builds first).
describe('the script-tag build’s first load', () => {
  const { upFront, runtime, editor, panels, modes } = firstLoad() as {
    upFront: Set<string>;
    runtime: Set<string>;
    editor: Set<string>;
    panels: Set<string>;
    modes: Set<string>;
  };
  const first = sourcesOf(new Set([...upFront, ...runtime, ...editor]));

  it('holds the editor with the HTML grammar, not completion, search or the full modes', () => {
    expect(holds(first, /node_modules\/@codemirror\/view\//), 'CodeMirror itself').to.equal(true);
    expect(holds(first, /node_modules\/@lezer\/html\//), 'the HTML grammar').to.equal(true);
    expect(holds(first, COMPLETION), 'completion').to.equal(false);
    expect(holds(first, SEARCH), 'search').to.equal(false);
    expect(holds(first, FULL_MODES), 'the full language modes').to.equal(false);
  });

  it('holds the runtime without the agents and the HTML export, which load on first use', () => {
    expect(holds(first, /src\/runtime\/registry\/registry\.ts/), 'the registry').to.equal(true);
    expect(holds(first, /src\/runtime\/workspace\/export-html\.ts/), 'the export').to.equal(false);
    expect(holds(first, /src\/runtime\/agents\/local-agent\.ts/), 'the local agent').to.equal(
      false,
    );
    expect(holds(first, /src\/runtime\/agents\/openrouter\/agent\.ts/), 'OpenRouter').to.equal(
      false,
    );
  });

  it('holds the elements a studio draws, not the host companion dialog defined once idle', () => {
    const up = sourcesOf(upFront);
    expect(holds(up, /src\/elements\/preview\/preview\.element\.ts/), 'the preview').to.equal(true);
    expect(holds(first, /src\/elements\/host-connect\//), 'host-connect').to.equal(false);
  });

  it('evaluates up front only the studio, editor, preview, status bar and runtime elements', () => {
    const up = sourcesOf(upFront);
    for (const element of ['studio', 'editor', 'preview', 'status-bar', 'runtime'])
      expect(
        holds(up, new RegExp(`src/elements/${element}/${element}\\.element\\.ts`)),
        element,
      ).to.equal(true);
    const later = sourcesOf(panels);
    for (const element of ['explorer', 'chat', 'trace', 'approval', 'actions']) {
      expect(
        holds(up, new RegExp(`src/elements/${element}/${element}\\.`)),
        `${element} up front`,
      ).to.equal(false);
      expect(
        holds(later, new RegExp(`src/elements/${element}/${element}\\.element\\.ts`)),
        element,
      ).to.equal(true);
    }
    // The approval's diff view stays a chunk of its own, loaded when a change is first shown.
    expect(holds(later, /@codemirror\/merge/), 'the diff view').to.equal(false);
  });

  it('keeps CodeMirror out of the entry up front: its chunk loads on the editor’s turn', () => {
    expect(holds(sourcesOf(upFront), /node_modules\/@codemirror\//)).to.equal(false);
    expect(holds(sourcesOf(editor), /node_modules\/@codemirror\/view\//)).to.equal(true);
  });

  it('holds the editor’s review of an agent change with the runtime, not up front', () => {
    const review = /src\/elements\/editor\/change-review\.ts/;
    expect(holds(sourcesOf(upFront), review), 'up front').to.equal(false);
    expect(holds(sourcesOf(runtime), review), 'with the runtime').to.equal(true);
  });

  it('gets completion and the full web modes once a person focuses the editor', () => {
    const then = sourcesOf(modes);
    expect(holds(then, COMPLETION), 'completion').to.equal(true);
    expect(holds(then, /node_modules\/@codemirror\/lang-html\//), 'the HTML mode').to.equal(true);
    expect(holds(then, /node_modules\/@codemirror\/lang-(markdown|json)\//)).to.equal(false);
  });
});
