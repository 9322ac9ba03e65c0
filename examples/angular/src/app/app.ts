import { CUSTOM_ELEMENTS_SCHEMA, Component, signal } from '@angular/core';
// One entry per element used here: the elements load up front, the runtime as a lazy chunk.
import '@context-action/elements/elements/ca-studio';
import '@context-action/elements/elements/ca-editor';
import '@context-action/elements/elements/ca-preview';
import type { ApprovalDecisionDetail, StudioRuntime } from '@context-action/elements';

@Component({
  selector: 'app-root',
  // <ca-*> tags are custom elements: Angular passes their properties and events through.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <button id="toggle-catalog" (click)="catalogOpen.set(!catalogOpen())">Tools panel</button>
      <button id="toggle-mount" (click)="mounted.set(!mounted())">Mount studio</button>
      <output id="last-event">{{ lastDecision() }}</output>
      @if (mounted()) {
        <ca-studio
          database-name="example-angular"
          preview-shell="/preview-shell.html"
          [attr.catalog-open]="catalogOpen()"
          (ca-approval-decide)="onDecision($event)"
        ></ca-studio>
      }
      <section id="composed">
        <ca-editor [runtime]="runtime()"></ca-editor>
        <ca-preview [runtime]="runtime()" preview-shell="/preview-shell.html"></ca-preview>
      </section>
    </main>
  `,
})
export class App {
  /** One runtime shared by the standalone editor and preview, once its chunk has loaded. */
  protected readonly runtime = signal<StudioRuntime | undefined>(undefined);
  protected readonly catalogOpen = signal(false);
  protected readonly mounted = signal(true);
  protected readonly lastDecision = signal('none');

  constructor() {
    // The same lazy chunk <ca-studio> loads its runtime from: the initial bundle stays small.
    void import('@context-action/elements/studio').then(({ createStudioRuntime }) =>
      this.runtime.set(createStudioRuntime()),
    );
  }

  protected onDecision(event: Event) {
    const { detail } = event as CustomEvent<ApprovalDecisionDetail>;
    this.lastDecision.set(`${detail.toolName} ${detail.decision}`);
  }
}
