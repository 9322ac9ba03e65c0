// What ran when on a first visit's main thread, from the page's own performance timeline (no
// tracing, which would slow the visit it measures): every fetch (resource timing), every script
// the browser attributes a long animation frame to (its evaluation or callback, with its file),
// every long task and the elements' own `ca:` spans (`src/elements/shared/timing.ts`: each
// first-visit step, the chunks' evaluation, the editor's mount, the runtime's creation and
// hydration). The probe collects them as the visit goes; the bench prints the waterfall
// of the visit whose first acknowledged preview is the median, ours beside the combined floor.
// Chromium only: Firefox and WebKit have no long-animation-frame entries.

/** Source text run before any page script: records the entries in `window.coldStartTrace`. */
export const TRACE_SCRIPT = `{
  const trace = (window.coldStartTrace = []);
  const file = (url) => (url ? url.replace(location.origin, '') : '');
  const add = (kind, name, start, end) => trace.push({ kind, name, start, end });
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch {}
  };
  observe('resource', (entry) => add(entry.transferSize === 0 && entry.decodedBodySize > 0 ? 'fetch (HTTP cache)' : 'fetch', file(entry.name), entry.startTime, entry.responseEnd));
  observe('measure', (entry) => entry.name.startsWith('ca:') && add(entry.name, '', entry.startTime, entry.startTime + entry.duration));
  observe('longtask', (entry) => add('long task', '', entry.startTime, entry.startTime + entry.duration));
  observe('long-animation-frame', (frame) => {
    for (const script of frame.scripts)
      add(script.invokerType, file(script.sourceURL) + (script.invoker && !script.invoker.startsWith('http') ? ' ' + script.invoker : ''), script.startTime, script.startTime + script.duration);
  });
}`;

/** The visit (of `visits`, each `{ ack, editable, trace }`) whose `metric` is the median. */
export function medianVisit(visits, metric) {
  const sorted = visits.filter((visit) => typeof visit[metric] === 'number');
  sorted.sort((a, b) => a[metric] - b[metric]);
  return sorted[Math.floor(sorted.length / 2)];
}

const ms = (value) => value.toFixed(0).padStart(5);

/** The waterfall's lines for one visit: each entry's start, end and length in ms. */
export function waterfallLines(label, visit) {
  if (!visit) return [`${label}: no visit`];
  const rows = [
    ...visit.trace,
    { kind: 'editor editable', name: '', start: visit.editable, end: visit.editable },
    ...(visit.ack === null
      ? []
      : [{ kind: 'preview acknowledged', name: '', start: visit.ack, end: visit.ack }]),
  ]
    .filter((row) => row.start <= Math.max(visit.ack ?? 0, visit.editable))
    .sort((a, b) => a.start - b.start);
  return [
    `${label} (acknowledged ${visit.ack === null ? '—' : `${visit.ack.toFixed(0)} ms`}, editable ${visit.editable.toFixed(0)} ms)`,
    '| start ms | end ms | length ms | what | file |',
    '| ---: | ---: | ---: | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${ms(row.start)} | ${ms(row.end)} | ${ms(row.end - row.start)} | ${row.kind} | ${row.name} |`,
    ),
  ];
}
