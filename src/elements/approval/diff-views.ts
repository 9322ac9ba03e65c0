/**
 * Mounts a diff view into each `.diff[data-file]` container the card renders, loading the
 * diff module (and `@codemirror/merge`) on first use. A container whose file changed (the
 * card was recomputed) gets a new view; views of containers gone are destroyed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorView } from '@codemirror/view';
import type { ApprovalFileChange } from '../../runtime/approval/approval-change.js';
import type { ResolvedTheme } from '../shared/theme.js';

interface Mounted {
  file: ApprovalFileChange;
  view?: EditorView;
}

export class DiffViews implements ReactiveController {
  private readonly mounted = new Map<HTMLElement, Mounted>();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly files: () => readonly ApprovalFileChange[],
    private readonly theme: () => ResolvedTheme,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const root = this.host.shadowRoot;
    if (!root) return;
    const files = this.files();
    const containers = new Map(
      [...root.querySelectorAll<HTMLElement>('.diff[data-file]')].map(
        (element) => [element, files[Number(element.dataset.file)]] as const,
      ),
    );
    for (const [element, entry] of this.mounted) {
      if (containers.get(element) === entry.file) continue;
      this.drop(element, entry);
    }
    for (const [element, file] of containers) {
      if (!file || this.mounted.has(element)) continue;
      const entry: Mounted = { file };
      this.mounted.set(element, entry);
      void this.mount(element, entry, root);
    }
  }

  hostDisconnected(): void {
    for (const [element, entry] of this.mounted) this.drop(element, entry);
  }

  private async mount(element: HTMLElement, entry: Mounted, root: ShadowRoot): Promise<void> {
    try {
      const { mountDiff } = await import('./approval-diff.js');
      const view = await mountDiff(element, entry.file, root, this.theme());
      // The card may have moved on while the module loaded.
      if (this.mounted.get(element) === entry) entry.view = view;
      else view.destroy();
    } catch {
      if (this.mounted.get(element) === entry)
        element.textContent = 'The change could not be shown; reload the page to try again.';
    }
  }

  private drop(element: HTMLElement, entry: Mounted): void {
    entry.view?.destroy();
    element.replaceChildren();
    this.mounted.delete(element);
  }
}
