/**
 * The change a visual edit (accent, hero copy, feature card) would make, for its approval card:
 * the same target resolution and edit the tool runs, planned as a write of the result.
 */
import type { Outcome } from '../protocol/errors.js';
import {
  noFileChange,
  plannedChange,
  type ToolChange,
  type WorkspaceChangeSource,
} from '../approval/tool-change.js';
import { resolvePreviewEntry, resolvePreviewStylesheet } from './entry.js';

export function describeVisualEdit(
  workspace: WorkspaceChangeSource,
  target: 'entry' | 'stylesheet',
  edit: (text: string, path: string) => Outcome<string>,
): ToolChange {
  const { files } = workspace.getSnapshot();
  const entry = resolvePreviewEntry(files);
  const file = target === 'entry' ? entry : resolvePreviewStylesheet(files, entry);
  if (!file)
    return noFileChange(
      `Would fail: the workspace has no ${target === 'entry' ? 'HTML entry' : 'stylesheet'} to edit.`,
    );
  const edited = edit(file.text, file.path);
  if (!edited.ok) return noFileChange(`Would fail: ${edited.error.message}`);
  return plannedChange(workspace, workspace.plan.writeFile(file.path, edited.value));
}
