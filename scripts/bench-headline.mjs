// The README's one line of preview figures, made from the lines `bench-docs.mjs` picks from the
// per-engine preview bench, so the line and docs/performance.md always come from one run.

const ENGINE = /^interleaved .* in one (.+?) run;/;
const ROW = /^\| ours, four-file seed: (css|html) \([^)]*\)\s*\|\s*([\d.]+) \|/;

/**
 * Engine name and version as printed → as the README's table names it: the major version
 * ("Chromium 156.0.8078.114" → "Chromium 156"), major and minor for WebKitGTK's 2.x ("2.50").
 */
const shortEngine = (name) =>
  name
    .replace(/\S+\/(\d[\d.]*)/, '$1')
    .replace(/ MiniBrowser/, '')
    .replace(/(\d+)(\.\d+)[\d.]*/, (_, major, minor) =>
      Number(major) < 10 ? major + minor : major,
    );

/** Per engine, the seed's median CSS and HTML edit → acknowledgement, in printed order. */
export function previewMedians(lines) {
  const engines = [];
  for (const line of lines) {
    const engine = ENGINE.exec(line);
    if (engine) engines.push({ engine: shortEngine(engine[1]), css: '', html: '' });
    const row = ROW.exec(line);
    if (row && engines.length) engines.at(-1)[row[1]] ||= row[2];
  }
  return engines.filter(({ css, html }) => css && html);
}

/** One sentence: each engine's CSS and HTML medians. */
export function previewHeadline(lines) {
  const engines = previewMedians(lines);
  if (!engines.length) throw new Error('No engine rows in the preview bench output.');
  const each = engines.map(({ engine, css, html }) => `${engine} ${css} / ${html} ms`);
  return `Edit to acknowledged preview, median CSS / HTML edit of the four-file seed: ${each.join('; ')}.`;
}
