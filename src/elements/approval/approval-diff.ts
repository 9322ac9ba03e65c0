/**
 * One file's change as code review tools show it: a read-only CodeMirror view of the new text
 * with `@codemirror/merge`'s unified diff against the old, syntax-highlighted, unchanged runs
 * folded so the changed hunks come first. Loaded only when a person asks to see a change.
 */
import { unifiedMergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import type { ApprovalFileView } from '../../runtime/approval/index.js';
import { codeTheme } from '../editor/code-theme.js';
import { loadLanguage } from '../editor/languages.js';
import type { ResolvedTheme } from '../shared/theme.js';

/** Mounts the diff of `file` (its `text`) into `parent`; the caller destroys the returned view. */
export async function mountDiff(
  parent: HTMLElement,
  file: ApprovalFileView,
  text: NonNullable<ApprovalFileView['text']>,
  root: ShadowRoot | Document,
  theme: ResolvedTheme,
): Promise<EditorView> {
  const language = await loadLanguage(file.to ?? file.path).catch(() => []);
  return new EditorView({
    root,
    parent,
    state: EditorState.create({
      doc: text.after,
      extensions: [
        lineNumbers(),
        unifiedMergeView({
          original: text.before,
          mergeControls: false,
          gutter: true,
          collapseUnchanged: { margin: 3, minSize: 6 },
        }),
        language,
        codeTheme(theme),
        EditorView.lineWrapping,
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
        EditorView.contentAttributes.of({
          'aria-label': `Change to ${file.to ?? file.path}`,
        }),
      ],
    }),
  });
}
