/**
 * The ways a preview page tries to leave, as pages that navigate to a URL: the page itself,
 * frames nested in it, and meta refreshes. The navigation tests run them in `srcdoc` shells and
 * in served shells, with and without the header that seals them.
 */

export const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A vector's label for its host name: letters only, lower case. */
/** A site import map (the preview's one way to load from a network origin): it opens nothing else. */
export const SITE_IMPORT_MAP = {
  imports: { lib: 'https://cdn.example/lib.js', 'lib/': 'https://cdn.example/' },
};

export const labelOf = (prefix: string, name: string) =>
  `${prefix}${name.replace(/[^a-z]+/gi, '').toLowerCase()}`;

/** Scripts of the page itself that navigate it to `url`. */
export const selfScripts: Record<string, (url: string) => string> = {
  'location.href': (url) => `location.href = ${literal(url)};`,
  'an anchor click()': (url) =>
    `const a = document.createElement('a'); a.href = ${literal(url)}; document.body.append(a); a.click();`,
  'navigation.navigate': (url) =>
    `if (window.navigation) navigation.navigate(${literal(url)}); else location.href = ${literal(url)};`,
  'open(url, "_self")': (url) => `open(${literal(url)}, '_self');`,
  'location.replace': (url) => `location.replace(${literal(url)});`,
};

/** Pages whose script navigates the page itself to `url`. */
export const selfPage = (script: string) => `<p>secret</p><script>${script}</script><p>after</p>`;

/** A download link, then a plain navigation a moment later. */
export const downloadPage = (url: string) =>
  `<p>x</p><script>const a = document.createElement('a'); a.href = ${literal(url)}; a.download = 'x'; document.body.append(a); a.click(); setTimeout(() => { location.href = ${literal(url)}; }, 300);</script>`;

/** A refresh is cancelled before it starts: no engine sends its name. */
export const refreshes: Record<string, (url: string) => string> = {
  'a script-added meta refresh': (url) =>
    `<p>secret</p><script>const m = document.createElement('meta'); m.httpEquiv = 'refresh'; m.content = '0;url=' + ${literal(url)}; document.head.append(m);</script><p>after</p>`,
  'a meta refresh in the markup': (url) =>
    `<meta http-equiv="refresh" content="0;url=${attribute(url)}"><p>secret</p>`,
  'a meta refresh in a nested frame': (url) =>
    `<p>secret</p><iframe srcdoc="${attribute(`<meta http-equiv="refresh" content="0;url=${attribute(url)}">`)}"></iframe>`,
};

const nestedNavigation = (url: string) => `<script>location.href = ${literal(url)};</script>`;

/** Frames nested in the page that navigate to `url` (pages start with `<p>secret</p>`). */
export const nestedFrames: Record<string, (url: string) => string> = {
  'a dynamic srcdoc frame': (url) =>
    `<script>const f = document.createElement('iframe'); f.srcdoc = ${literal(nestedNavigation(url))}; document.body.append(f);</script>`,
  'a static srcdoc frame': (url) =>
    `<iframe srcdoc="${attribute(nestedNavigation(url))}"></iframe>`,
  'a dynamic src frame': (url) =>
    `<script>const f = document.createElement('iframe'); f.src = ${literal(url)}; document.body.append(f);</script>`,
  'a frame two deep': (url) =>
    `<iframe srcdoc="${attribute(`<iframe srcdoc="${attribute(nestedNavigation(url))}"></iframe>`)}"></iframe>`,
  'an anchor targeting a nested frame': (url) =>
    `<iframe name="inner" srcdoc="<p>inner</p>"></iframe><script>addEventListener('load', () => { const a = document.createElement('a'); a.href = ${literal(url)}; a.target = 'inner'; document.body.append(a); a.click(); });</script>`,
};

/**
 * WebKit applies the page's `frame-src 'none'` to srcdoc frames too: they stay empty, so their
 * scripts never run and nothing navigates (a frame named as a target does not exist).
 */
export const srcdocOnly = new Set([
  'a dynamic srcdoc frame',
  'a static srcdoc frame',
  'a frame two deep',
  'an anchor targeting a nested frame',
]);

/** A loop of 100 navigations in one task, each to a name of its own (`loop0` … `loop99`). */
export const loopPage = (url: string) =>
  `<p>x</p><script>for (let i = 0; i < 100; i += 1) location.href = ${literal(url)}.replace('loop', 'loop' + i);</script>`;
