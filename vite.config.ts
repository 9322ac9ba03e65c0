import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { elementEntries } from './scripts/element-entries.mjs';
import { doorImports } from './scripts/door-imports.mjs';
import { minifyCssTemplates } from './scripts/minify-css-templates.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const dependencies = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})];
const isDependency = (id: string) =>
  dependencies.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');
/**
 * The site-model agent's browser chunk carries the AI SDK's stream parser with it: `ai` is an
 * optional peer for the server entries, and a page's bundler must not need it installed.
 */
const BUNDLES_AI = /src[\\/]runtime[\\/]agents[\\/]endpoint[\\/]/;
const isExternal = (id: string, importer: string | undefined) =>
  isDependency(id) && !(id === 'ai' && importer !== undefined && BUNDLES_AI.test(importer));

/** A chunk named for the package it starts in (`lang-html`), else for its first module. */
const chunkFileName = ({ name, facadeModuleId }: { name: string; facadeModuleId: string | null }) =>
  `chunks/${/node_modules\/(?:@[^/]+\/)?([^/]+)\//.exec(facadeModuleId ?? '')?.[1] ?? name}-[hash].js`;

// CodeMirror's core with the HTML grammar (`plain-html.ts` highlights a studio's first file, its
// HTML entry page): one file, not one after the other. The full language modes, completion and
// search stay their own chunks, loaded once the first file shows or when a key first needs them;
// so does the approval diff (`@codemirror/merge`), loaded when a person first asks to see one.
const CODE_EDITOR_CORE =
  /node_modules[\\/](@codemirror[\\/](?!lang-|search[\\/]|autocomplete[\\/]|merge[\\/])|@lezer[\\/](common|lr|highlight|html)[\\/]|style-mod|w3c-keyname|crelt|@marijn)|elements[\\/]editor[\\/]code-editor\.ts/;

/** Completion and bracket closing (`lazy-completion.ts`), which the JavaScript mode uses too. */
const COMPLETION = /node_modules[\\/]@codemirror[\\/]autocomplete[\\/]/;

/** The full HTML mode with the CSS and JavaScript modes it nests (`web-modes.ts`). */
const WEB_MODES =
  /node_modules[\\/](@codemirror[\\/]lang-(html|css|javascript)|@lezer[\\/](css|javascript))[\\/]/;

/**
 * The composition layer and what it wires: `createStudioRuntime()`'s chunk (`load-studio.ts`),
 * without what only a later `import()` loads (the local, OpenRouter and site-model agents, the host companion's
 * carrier and its migration tokens, the Tools panel's catalog helpers, the zip writer, the HTML
 * export, the File System Access folder, the `web-coding` and `live-editor` surfaces' own tools,
 * the folder tools' handlers and the folder synchronisation they call, the search and export
 * tools' handlers, the durable operation store with its IndexedDB backend, the collaboration
 * session with Yjs and its provider). Of zod, the core and the
 * mini API our schemas use: the classic API is the AI SDK's, whose chunk loads later.
 */
const RUNTIME =
  /src[\\/](runtime|composition|storage)[\\/]|node_modules[\\/](zod[\\/]v4[\\/](core|mini|locales)|idb)[\\/]/;
const LOADED_LATER =
  /src[\\/]runtime[\\/](collab[\\/]|agents[\\/](openrouter[\\/]|endpoint[\\/](agent|exchange|conversation|live-line|status)\.ts|local-agent(-plan|-surfaces)?\.ts|tool-message)|carrier[\\/]|migration[\\/]|catalog[\\/]|workspace[\\/](zip|export-html|folder-sync|search\.ts)|tools[\\/](web-coding|live-editor)[\\/](?!seed|scenarios)|tools[\\/]workspace[\\/](folder(-link)?|search)-handlers|durable[\\/])|storage[\\/](folder[\\/]file-system-access|durable[\\/])|composition[\\/](durable-operations|operation-backend|collab-session)/;
/**
 * `<ca-editor>`'s review of an agent's change (`lazy-review.ts`), loaded when the editor gets its
 * runtime: in the runtime's chunk it is there when that is, with no request of its own.
 */
const CHANGE_REVIEW = /elements[\\/]editor[\\/]change-review\.ts/;
const inRuntimeChunk = (id: string) =>
  (RUNTIME.test(id) && !LOADED_LATER.test(id)) || CHANGE_REVIEW.test(id);

/**
 * The workspace's IndexedDB repository, which the entry imports as the page starts
 * (`composition/workspace-repository.ts`) to open the database while the runtime loads: a small
 * file of its own, not the runtime's, whose evaluation waits for the first screen.
 */
const WORKSPACE_STORE = /src[\\/]storage[\\/]workspace[\\/](indexeddb-repository|held-lock)\.ts$/;

/**
 * The preview's module graph compiler, loaded when a page first has a module script
 * (`load-module-compilers.ts`), with the names it shares with the flattener: one file, where the
 * names alone would be a second request after it (the flattener loads only after a graph).
 */
const MODULE_GRAPH = /bridge[\\/]sandbox[\\/](compile-modules|module-keywords|module-names)\.ts$/;

/**
 * The studio's panels after the editor and the preview (`panel-elements.ts`) and what they share
 * with the dialogs: the modal, its focus and scroll helpers, the recovery buttons and the
 * OpenRouter error texts. Not the approval's diff, which loads when a change is first shown
 * (`load-diff.ts`).
 */
const PANEL_ELEMENTS =
  /elements[\\/]((explorer|trace|chat|actions)[\\/]|approval[\\/](?!approval-diff|diff-views)|studio[\\/]panel-elements\.ts|shared[\\/](focus|scroll-lock|modal-controller|dialog\.styles|recovery)\.ts)|agents[\\/]openrouter[\\/]errors\.ts/;

/**
 * Writes the script-tag build's chunk file names over the marks in
 * `src/elements/shared/prefetch.ts` (`studio-########.js`): same length, so the source maps
 * stay exact.
 */
const prefetchNames = {
  name: 'prefetch-names',
  generateBundle(_options: unknown, bundle: Record<string, { type: string; code?: string }>) {
    const marked = Object.values(bundle).filter(
      (file) => file.type === 'chunk' && file.code?.includes('-########.js'),
    );
    for (const file of marked) {
      file.code = file.code!.replace(/([\w-]+)-########\.js/g, (mark, name: string) => {
        const chunk = Object.keys(bundle).find((fileName) =>
          new RegExp(`^chunks/${name}-[\\w-]{8}\\.js$`).test(fileName),
        );
        // No such chunk (the bundler inlined it): the mark stays, and nothing is prefetched.
        return chunk ? chunk.slice('chunks/'.length) : mark;
      });
    }
  },
};

/**
 * The closing `export{…}` of a minified file starts a line of its own. Tools that tell a file's
 * module format by regex (publint, which `npm run lint:package` runs) drop everything after a
 * `//` to the line's end: on a minified line, a URL string before the export statement hid it,
 * and the file read as CommonJS. Only the last line moves, so the source map stays right.
 */
const exportOnItsOwnLine = {
  name: 'export-on-its-own-line',
  // After minification, which joins lines again.
  generateBundle(_options: unknown, bundle: Record<string, { type: string; code?: string }>) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk' || !output.code) continue;
      const at = output.code.lastIndexOf('export{');
      // The file's closing statement only, never the same letters inside a string.
      const closing = /^export\{[^}]*\};?\s*(\/\/# sourceMappingURL=\S+\s*)?$/.test(
        output.code.slice(at),
      );
      if (at > 0 && closing && output.code[at - 1] !== '\n')
        output.code = `${output.code.slice(0, at)}\n${output.code.slice(at)}`;
    }
  },
};

/**
 * A self-contained browser build: every dependency bundled, minified, with source maps.
 * `initial`: what the entry imports statically becomes one chunk beside it, not a dozen small
 * ones cut along what the lazy chunks happen to share. `oneFile`: no chunks at all, its lazy
 * imports included (they would only cut off modules the entry exports anyway).
 */
function browserBuild(entry: string, fileName: string, { initial = false, oneFile = false } = {}) {
  return {
    plugins: [
      doorImports(),
      minifyCssTemplates(),
      exportOnItsOwnLine,
      ...(initial ? [prefetchNames] : []),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      lib: { entry, formats: ['es' as const], fileName: () => fileName },
      // Library mode keeps whitespace for the host's tree-shaking; these files are loaded as is.
      rollupOptions: {
        output: {
          chunkFileNames: chunkFileName,
          minify: true,
          codeSplitting: !oneFile && {
            groups: [
              // The editor and the CodeMirror core it needs arrive as one file, not one after
              // the other, and so do the web modes that follow.
              { name: 'code-editor', test: CODE_EDITOR_CORE },
              // Its own file: a workspace without web files needs it and not the web modes.
              { name: 'autocomplete', test: COMPLETION },
              { name: 'lang-html', test: WEB_MODES },
              ...(initial
                ? [
                    { name: 'initial', tags: ['$initial' as const] },
                    { name: 'workspace-store', test: WORKSPACE_STORE },
                    { name: 'compile-modules', test: MODULE_GRAPH },
                    // The runtime the entry imports at once is one file too: its modules shared
                    // with the dialogs' chunks would otherwise be a second round of requests.
                    { name: 'studio', test: inRuntimeChunk },
                    // The studio's other panels arrive as one file too, with the dialog and
                    // recovery helpers they share with the dialogs' chunks.
                    { name: 'panel-elements', test: PANEL_ELEMENTS },
                  ]
                : []),
            ],
          },
        },
      },
    },
  };
}

/**
 * Four production builds from one config:
 * - `--mode lib`: the npm entry points (package root, runtime, studio, one per element, Node
 *   backends), dependencies left external for the host app's bundler;
 * - `--mode script`: `dist/ca-studio.js`, self-contained and minified for a `<script
 *   type="module">` tag, with CodeMirror split into a lazily loaded chunk beside it;
 * - `--mode browser-runtime`: `dist/browser/runtime.js`, the runtime and studio composition with
 *   no bare specifiers, so a static page can import it from a CDN URL;
 * - `--mode site`: the demo pages as a static site for the sub-path `SITE_BASE`
 *   (`dist/site/`), built from the script bundle; `scripts/verify-site.mjs` checks it.
 */
export const SITE_BASE = '/context-action/';
const demoPage = (name: string) => fileURLToPath(new URL(`./demo/${name}.html`, import.meta.url));

/**
 * The demo pages name the preview shell document as `npm start` serves it (`../dist/`); the site
 * carries its own copy at its base, written there by the build (`scripts/preview-shell.mjs`
 * writes `dist/preview-shell.html` first).
 */
const previewShellForSite = {
  name: 'preview-shell-for-site',
  transformIndexHtml: (page: string) =>
    page.replaceAll(
      'preview-shell="../dist/preview-shell.html"',
      `preview-shell="${SITE_BASE}preview-shell.html"`,
    ),
  generateBundle(this: {
    emitFile(file: { type: 'asset'; fileName: string; source: string }): void;
  }) {
    const source = readFileSync(new URL('./dist/preview-shell.html', import.meta.url), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'preview-shell.html', source });
  },
};

/**
 * `dist/browser/runtime.js` is one file, its lazy imports included, but for the collaboration
 * session: Yjs and its provider would triple what a page that never joins a room loads. It
 * imports `./collab-session.js` beside it, built on its own (`--mode browser-collab`).
 */
const collabSessionBeside = {
  name: 'collab-session-beside',
  enforce: 'pre' as const,
  resolveId: (source: string) =>
    source === './collab-session.js' ? { id: './collab-session.js', external: true } : null,
};

export default defineConfig(({ mode }) => {
  if (mode === 'site') {
    return {
      root: 'demo',
      base: SITE_BASE,
      plugins: [previewShellForSite],
      build: {
        outDir: '../dist/site',
        emptyOutDir: true,
        target: 'es2022',
        // CodeMirror is one deliberate ~600 kB chunk, loaded lazily with the first editor.
        chunkSizeWarningLimit: 1000,
        rollupOptions: {
          input: {
            index: demoPage('index'),
            'web-coding': demoPage('web-coding'),
            'live-editor': demoPage('live-editor'),
            tsx: demoPage('tsx'),
            configure: demoPage('configure'),
          },
        },
      },
    };
  }
  if (mode === 'script') return browserBuild('src/script.ts', 'ca-studio.js', { initial: true });
  if (mode === 'browser-runtime') {
    const config = browserBuild('src/composition/browser-runtime.ts', 'browser/runtime.js', {
      oneFile: true,
    });
    config.plugins.unshift(collabSessionBeside);
    return config;
  }
  if (mode === 'browser-collab')
    return browserBuild('src/composition/collab-session.ts', 'browser/collab-session.js', {
      oneFile: true,
    });
  return {
    plugins: [doorImports()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      lib: {
        entry: {
          index: 'src/index.ts',
          runtime: 'src/runtime/index.ts',
          studio: 'src/composition/index.ts',
          ...Object.fromEntries(
            elementEntries().map(({ tag, source }) => [`elements/${tag}`, source]),
          ),
          'storage/redis': 'src/storage/redis.ts',
          'storage/postgres': 'src/storage/postgres.ts',
          'mcp/node': 'src/bridge/mcp/node.ts',
          'ai-sdk': 'src/bridge/ai-sdk/index.ts',
          'agent-server': 'src/bridge/agent-server/index.ts',
          'collab-server': 'src/bridge/collab-server/index.ts',
          'host/cli': 'src/host/cli.ts',
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: isExternal,
        output: { chunkFileNames: 'lib/[name]-[hash].js' },
      },
    },
  };
});
