/**
 * The studio MCP App's one HTML document: a file list, the active file in an editable text area
 * and a preview of `index.html`, driven by its script (`studio-app-view.ts`, compiled to a string
 * at our build). Self-contained: no script, style or font from anywhere else, and a policy that
 * allows no request (`studio-app-policy.ts`).
 */
import { STUDIO_APP_POLICY } from './studio-app-policy.js';
import { STUDIO_APP_VIEW_SOURCE } from './studio-app-view.generated.js';

const STYLE = `
:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 0; }
main { display: grid; grid-template-columns: minmax(9rem, 1fr) 3fr; gap: .5rem; padding: .5rem; }
ul { list-style: none; margin: 0; padding: 0; }
li button { width: 100%; text-align: start; font: inherit; padding: .25rem .5rem; }
li button[aria-current="true"] { font-weight: bold; }
h1 { font-size: 1rem; margin: 0 0 .25rem; }
textarea { box-sizing: border-box; width: 100%; min-height: 12rem; font: 13px/1.4 monospace; }
iframe { box-sizing: border-box; width: 100%; height: 14rem; border: 1px solid; background: #fff; }
.wide { grid-column: 1 / -1; }
`;

/** The app's document, as the `ui://` resource serves it. */
export const STUDIO_APP_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${STUDIO_APP_POLICY}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Context-Action studio</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<nav aria-label="Files"><ul id="files"></ul></nav>
<section aria-labelledby="path">
<h1 id="path">No file open</h1>
<textarea id="source" aria-labelledby="path" spellcheck="false"></textarea>
<button id="save" type="button">Save</button>
<p id="status" role="status" aria-live="polite">Connecting.</p>
</section>
<iframe id="preview" class="wide" sandbox="" title="Preview of index.html"></iframe>
</main>
<script>${STUDIO_APP_VIEW_SOURCE}</script>
</body>
</html>
`;
