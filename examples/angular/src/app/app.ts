import { CUSTOM_ELEMENTS_SCHEMA, Component, signal } from '@angular/core';
// Defines every <ca-*> element and exports the runtime factory.
import { createStudioRuntime, type ApprovalDecisionDetail } from '@context-action/elements';

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
          [attr.catalog-open]="catalogOpen()"
          (ca-approval-decide)="onDecision($event)"
        ></ca-studio>
      }
      <section id="composed">
        <ca-editor [runtime]="runtime"></ca-editor>
        <ca-preview [runtime]="runtime"></ca-preview>
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
