/**
 * CodeMirror language modes, loaded lazily per language: a workspace of HTML, CSS and JS files
 * never loads the Markdown or JSON modes. `languageOf` answers at once with what has loaded (for
 * HTML, the plain HTML highlighting of `plain-html.ts` until the full mode arrives);
 * `loadLanguage` fetches the mode a path needs. The editor asks for a mode with an interim only
 * once a person focuses it (`code-editor.ts`): a first visit that only looks never fetches it.
 */
import type { Extension } from '@codemirror/state';
import { plainHtml } from './plain-html.js';

type Loader = () => Promise<Extension>;

const loaders: Record<string, Loader> = {
  html: () => import('./web-modes.js').then(({ html }) => html()),
  css: () => import('./web-modes.js').then(({ css }) => css()),
  javascript: () => import('./web-modes.js').then(({ javascript }) => javascript()),
  typescript: () =>
    import('./web-modes.js').then(({ javascript }) => javascript({ typescript: true })),
  jsx: () => import('./web-modes.js').then(({ javascript }) => javascript({ jsx: true })),
  tsx: () =>
    import('./web-modes.js').then(({ javascript }) => javascript({ typescript: true, jsx: true })),
  json: () => import('@codemirror/lang-json').then(({ json }) => json()),
  markdown: () => import('@codemirror/lang-markdown').then(({ markdown }) => markdown()),
};

const byExtension: Record<string, string> = {
  html: 'html',
  htm: 'html',
  css: 'css',
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  jsx: 'jsx',
  tsx: 'tsx',
  json: 'json',
  md: 'markdown',
};

/** What a language shows while its mode loads. */
const interim: Record<string, Extension> = { html: plainHtml };

const loaded = new Map<string, Extension>();
const loading = new Map<string, Promise<Extension>>();

/** The language name for `path`'s extension, or `undefined` for plain text. */
export function languageName(path: string): string | undefined {
  return byExtension[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];
}

/** Whether `path` shows highlighted by an interim mode while its full mode is not loaded. */
export function hasInterim(path: string): boolean {
  const name = languageName(path);
  return name !== undefined && Object.hasOwn(interim, name);
}

/** The loaded mode for `path`; its interim mode or plain text while it loads or when there is none. */
export function languageOf(path: string): Extension {
  const name = languageName(path);
  return (name ? (loaded.get(name) ?? interim[name]) : undefined) ?? [];
}

/** Loads the mode `path` needs; resolves at once for plain text or a mode already loaded. */
export function loadLanguage(path: string): Promise<Extension> {
  const name = languageName(path);
  if (!name) return Promise.resolve([]);
  const known = loaded.get(name);
  if (known) return Promise.resolve(known);
  let pending = loading.get(name);
  if (!pending) {
    pending = loaders[name]!().then((extension) => {
      loaded.set(name, extension);
      return extension;
    });
    // A failed fetch may be retried by the next file that needs the mode.
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}
