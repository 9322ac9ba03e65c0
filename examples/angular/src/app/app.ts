import { CUSTOM_ELEMENTS_SCHEMA, Component, signal } from '@angular/core';
// One entry per element used here, and the runtime they share, imported as people first write
// it: statically, within the CLI's default budgets (angular.json).
import '@context-action/elements/elements/ca-studio';
import '@context-action/elements/elements/ca-editor';
import '@context-action/elements/elements/ca-preview';
import type { ApprovalDecisionDetail } from '@context-action/elements';
import { createStudioRuntime } from '@context-action/elements/studio';

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
        <ca-editor [runtime]="runtime"></ca-editor>
        <ca-preview [runtime]="runtime" preview-shell="/preview-shell.html"></ca-preview>
      </section>
    </main>
  `,
})
export class App {
  /** One runtime shared by the standalone editor and preview. */
  protected readonly runtime = createStudioRuntime();
  protected readonly catalogOpen = signal(false);
  protected readonly mounted = signal(true);
  protected readonly lastDecision = signal('none');

  protected onDecision(event: Event) {
    const { detail } = event as CustomEvent<ApprovalDecisionDetail>;
    this.lastDecision.set(`${detail.toolName} ${detail.decision}`);
  }
}
