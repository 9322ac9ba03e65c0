/**
 * Keeps a diff view in each `.diff[data-file]` container of the card: a container whose file
 * changed (the card was recomputed) gets a new view; views of containers gone are destroyed.
 * Part of the lazily loaded diff chunk, with `@codemirror/merge`.
 */
import type { EditorView } from '@codemirror/view';
import type { ApprovalFileView } from '../../runtime/approval/index.js';
import type { ResolvedTheme } from '../shared/theme.js';
import { mountDiff } from './approval-diff.js';

interface Mounted {
  file: ApprovalFileView;
  view?: EditorView;
}

export class DiffViews {
  private readonly mounted = new Map<HTMLElement, Mounted>();

  /**
   * Mounts, replaces and drops views to match the containers now in `root`; `fileOf` finds the
   * file of a container's `data-file` key.
   */
  sync(
    root: ShadowRoot,
    fileOf: (key: string) => ApprovalFileView | undefined,
    theme: ResolvedTheme,
  ): void {
    const containers = new Map(
      [...root.querySelectorAll<HTMLElement>('.diff[data-file]')].map(
        (element) => [element, fileOf(element.dataset.file ?? '')] as const,
      ),
    );
    for (const [element, entry] of this.mounted) {
      if (containers.get(element) === entry.file) continue;
      this.drop(element, entry);
    }
    for (const [element, file] of containers) {
      // A file past the view's bound has no text: its container says so instead.
      if (!file?.text || this.mounted.has(element)) continue;
      const entry: Mounted = { file };
      this.mounted.set(element, entry);
      void this.mount(element, entry, file.text, root, theme);
    }
  }

  clear(): void {
    for (const [element, entry] of this.mounted) this.drop(element, entry);
  }

  private async mount(
    element: HTMLElement,
    entry: Mounted,
    text: NonNullable<ApprovalFileView['text']>,
    root: ShadowRoot,
    theme: ResolvedTheme,
  ): Promise<void> {
    try {
      const view = await mountDiff(element, entry.file, text, root, theme);
      // The card may have moved on while the module loaded.
      if (this.mounted.get(element) === entry) entry.view = view;
      else view.destroy();
    } catch {
      if (this.mounted.get(element) === entry)
        element.textContent = 'The change could not be shown.';
    }
  }

  private drop(element: HTMLElement, entry: Mounted): void {
    entry.view?.destroy();
    element.replaceChildren();
    this.mounted.delete(element);
  }
}
