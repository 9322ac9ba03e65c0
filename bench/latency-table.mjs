// Prints the preview latency table: median and p90 per case, each of our cases against the
// floors of its row group (median ÷ median, p90 ÷ p90), and playground-elements against ours.

function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const fixed = (value, digits = 1) => value.toFixed(digits);
const ratio = (a, b) =>
  `${fixed(quantile(a, 0.5) / quantile(b, 0.5), 2)}× / ${fixed(quantile(a, 0.9) / quantile(b, 0.9), 2)}×`;

export function printTable({ count, groups, engine = 'Chromium' }) {
  const lines = [
    `Preview edit → acknowledgement (ours) or → load (playground, floors), ${count} samples each,`,
    `interleaved round by round in one ${engine} run; ms. Ratios: median÷median / p90÷p90.`,
    '',
    '| case                                               | median |    p90 | ratios                                                  |',
    '|----------------------------------------------------|--------|--------|---------------------------------------------------------|',
  ];
  // Each group has its own samples of its floors: a ratio only compares one window.
  for (const { cases, floors, samples } of groups) {
    const [ours] = cases;
    for (const [label, runner] of cases) {
      const own = samples.get(label);
      const notes = [];
      if (label === ours[0])
        for (const [name, floor] of Object.entries(floors))
          notes.push(`÷ ${name}: ${ratio(own, samples.get(floor))}`);
      if (runner === 'playground')
        notes.push(`playground ÷ ours: ${ratio(own, samples.get(ours[0]))}`);
      lines.push(
        `| ${label.padEnd(50)} | ${fixed(quantile(own, 0.5)).padStart(6)} | ${fixed(quantile(own, 0.9)).padStart(6)} | ${notes.join('; ').padEnd(55)} |`,
      );
    }
  }
  // The warm-up: the first writes (or loads, for a load floor) after a case opened, in order,
  // against its steady median; ours and the floors of its group, side by side.
  lines.push('', 'first writes after load (ms, in order; × the steady median):');
  for (const { cases, first, samples } of groups)
    for (const [label, runner] of cases) {
      if (runner !== 'ours' || !first?.has(label)) continue;
      const writes = first
        .get(label)
        .map((value) => fixed(value))
        .join(', ');
      const worst = Math.max(...first.get(label)) / quantile(samples.get(label), 0.5);
      lines.push(`  ${label}: ${writes} (worst ${fixed(worst, 2)}×)`);
    }
  console.log(lines.join('\n'));
}
