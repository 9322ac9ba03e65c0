/**
 * A tool call's effect in plain words for people: what changed and where, never tool names,
 * revisions or ids. Reads the safe fields of a result summary (`summarizeResult`).
 */

/** Tools that only look: nothing to tell a person about. */
const LOOKING = /\.(get|list|read|search|open|download|export)/;

/** "path styles.css · accent green" → { path: 'styles.css', accent: 'green' }. */
export function summaryFields(summary: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of summary.split(' · ')) {
    const space = part.indexOf(' ');
    if (space > 0) fields[part.slice(0, space)] = part.slice(space + 1);
  }
  return fields;
}

/** What one successful tool call changed, or undefined when it only looked. */
export function plainChange(name: string, summary: string): string | undefined {
  if (LOOKING.test(name)) return undefined;
  const { path, accent } = summaryFields(summary);
  const where = path ? ` in ${path}` : '';
  const verb = name.slice(name.indexOf('.') + 1);
  if (accent) return `Changed the accent to ${accent}${where}`;
  if (verb === 'createFile') return path ? `Created ${path}` : 'Created a file';
  if (verb === 'deleteFile') return path ? `Deleted ${path}` : 'Deleted a file';
  if (verb === 'renameFile') return path ? `Renamed a file to ${path}` : 'Renamed a file';
  if (verb === 'updateHero') return `Changed the heading${where}`;
  if (verb === 'addFeature') return `Added a feature${where}`;
  if (verb === 'refresh') return 'Refreshed the preview';
  if (verb === 'reset') return 'Reset the workspace';
  return path ? `Changed ${path}` : undefined;
}

/** Several changes as one sentence, repeats merged: "Changed a.css and Created b.js." */
export function plainChanges(changes: readonly string[]): string | undefined {
  const unique = [...new Set(changes)];
  if (!unique.length) return undefined;
  const head = unique.slice(0, -1).join(', ');
  return `${head ? `${head} and ${unique.at(-1)!}` : unique[0]!}.`;
}
