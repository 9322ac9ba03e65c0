/** The document shown when a workspace has no HTML entry (P1): a card, never a blank frame. */
export function noEntryCard(fileCount: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No HTML entry</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f8fafc; color: #0f172a; }
  .card { max-width: 28rem; padding: 1.5rem; border: 1px solid #cbd5e1; border-radius: 0.75rem; background: #fff; }
  h1 { font-size: 1.1rem; margin: 0 0 0.5rem; }
</style></head>
<body><div class="card" role="alert">
  <h1>Nothing to preview yet</h1>
  <p>The preview needs an HTML entry: add <code>index.html</code> (or any <code>.html</code> file) to the workspace.</p>
  <p>Files in the workspace: ${fileCount}.</p>
</div></body></html>`;
}
