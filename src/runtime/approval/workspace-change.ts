/**
 * The before/after text of a workspace mutation, for the approval card's +/− summary and its
 * "Show change" diff. Read from the workspace as it is now; a call that would fail anyway
 * (unknown path, absent search text) simply shows no lines changed.
 */
import type { ToolPolicyInput } from '../registry/policy.js';
import type { WorkspaceDocumentManager } from '../workspace/manager-types.js';
import type { ToolApprovalChangeInput } from './approval-queue.js';

type FileReader = Pick<WorkspaceDocumentManager, 'getFile'>;

function currentText(workspace: FileReader, path: unknown): string {
  if (typeof path !== 'string') return '';
  const file = workspace.getFile(path);
  return file.ok && file.value.kind === 'text' ? file.value.text : '';
}

function patched(text: string, args: Record<string, unknown>): string {
  const { search, replace } = args;
  if (typeof search !== 'string' || typeof replace !== 'string' || search === '') return text;
  return args.occurrence === 'all'
    ? text.split(search).join(replace)
    : text.replace(search, () => replace);
}

/** The change a call would make; undefined for one that changes no file's text (rename, undo…). */
export function describeWorkspaceChange(
  workspace: FileReader,
  input: ToolPolicyInput,
): ToolApprovalChangeInput | undefined {
  const args = input.arguments;
  const text = typeof args.text === 'string' ? args.text : '';
  switch (input.toolName) {
    // A create succeeds only where no file is, so it starts from nothing too.
    case 'workspace.createFile':
    case 'workspace.writeFile':
      return { before: currentText(workspace, args.path), after: text };
    case 'workspace.applyPatch': {
      const before = currentText(workspace, args.path);
      return { before, after: patched(before, args) };
    }
    case 'workspace.deleteFile':
      return { before: currentText(workspace, args.path), after: '' };
  }
}
