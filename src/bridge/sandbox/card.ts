/**
 * The cards the preview shows instead of a page: no HTML entry (P1), and the diagnostics the
 * host loads when a document failed to start its bridge or tried to leave the frame.
 */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A self-contained page: a titled card; `paragraphs` are HTML the caller has escaped. */
function card(title: string, paragraphs: readonly string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f8fafc; color: #0f172a; }
  .card { max-width: 28rem; padding: 1.5rem; border: 1px solid #cbd5e1; border-radius: 0.75rem; background: #fff; }
  h1 { font-size: 1.1rem; margin: 0 0 0.5rem; }
</style></head>
<body><div class="card" role="alert">
  <h1>${escapeHtml(title)}</h1>
  ${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n  ')}
</div></body></html>`;
}

export function noEntryCard(fileCount: number): string {
  return card('Nothing to preview yet', [
    'The preview needs an HTML entry: add <code>index.html</code> (or any <code>.html</code> file) to the workspace.',
    `Files in the workspace: ${fileCount}.`,
  ]);
}

/** A failure of the preview itself, named in plain text. */
export function diagnosticCard(title: string, message: string): string {
  return card(title, [
    escapeHtml(message),
    'Use Refresh to load the document again once the cause is fixed.',
  ]);
}
