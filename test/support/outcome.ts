/** What workspace tests read from results: the value of a success, a text file's source. */
import type { Outcome } from '../../src/runtime/protocol/errors.js';
import type { WorkspaceSnapshot } from '../../src/runtime/workspace/types.js';

export function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

export const textOf = (snapshot: WorkspaceSnapshot, path: string) => {
  const file = snapshot.files.find((candidate) => candidate.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};
