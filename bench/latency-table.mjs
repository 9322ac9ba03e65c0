// Prints the preview latency table: median and p90 per case, ratio to the bare srcdoc floor,
// and how many times faster than playground-elements for the same workspace and edit kind.

function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const cell = (value, width, digits = 1) =>
  (value === undefined ? '–' : value.toFixed(digits)).padStart(width);

export function printTable({ count, floor, results, playground }) {
  const floorMedian = quantile(floor, 0.5);
  const lines = [
    `Preview edit → acknowledgement (ours) or → preview load (playground), ${count} edits each, Chromium, ms`,
    '',
    '| case                                          | median |    p90 | ÷ srcdoc floor | playground ÷ ours |',
    '|-----------------------------------------------|--------|--------|----------------|-------------------|',
  ];
  const row = (label, samples, versus) => {
    const median = quantile(samples, 0.5);
    const speedup = versus ? quantile(versus, 0.5) / median : undefined;
    lines.push(
      `| ${label.padEnd(45)} | ${cell(median, 6)} | ${cell(quantile(samples, 0.9), 6)} | ${cell(median / floorMedian, 14, 2)} | ${cell(speedup, 17, 1)} |`,
    );
  };
  row('bare sandboxed srcdoc, seed (floor)', floor);
  for (const [workspace, kinds] of Object.entries(results)) {
    for (const [kind, samples] of Object.entries(kinds)) {
      const how = kind === 'css' ? 'in place' : 'reload';
      row(`ours, ${workspace}: ${kind} (${how})`, samples, playground?.[workspace]?.[kind]);
    }
    for (const [kind, samples] of Object.entries(playground?.[workspace] ?? {})) {
      row(`playground-elements, ${workspace}: ${kind}`, samples);
    }
  }
  console.log(lines.join('\n'));
}
