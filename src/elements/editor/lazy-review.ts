/**
 * `<ca-editor>`'s review of an agent's last change, loaded when the editor gets its runtime: only
 * the runtime's tool calls make agent changes, so a first visit reviews nothing before then. What
 * stays up front is the tracking (`agent-changes.ts`), started at that moment, so a change made
 * while the review's code loads is offered once it has arrived. The bar, the diff and Revert
 * (`change-review.ts`) arrive with the runtime's chunk in the script build. Until they do, and if
 * their load fails, the editor shows no review bar and works as ever; a failed load is tried
 * again on the next agent change.
 */
import { nothing, type ReactiveController } from 'lit';
import type { Announcer } from '../shared/announcer.js';
import { trackAgentChanges, type AgentChanges } from './agent-changes.js';
import type * as Review from './change-review.js';

let loading: Promise<typeof Review> | undefined;

/** The review's code, once per page; a failed load is forgotten, so the next ask tries again. */
function loadReview(): Promise<typeof Review> {
  loading ??= import('./change-review.js');
  loading.catch(() => (loading = undefined));
  return loading;
}

export class LazyChangeReview implements ReactiveController {
  private tracked?: { runtime: Review.ReviewedEditor['runtime']; changes: AgentChanges };
  private review?: Review.ChangeReview;

  constructor(
    private readonly host: Review.ReviewHost,
    private readonly announcer: Announcer,
    private readonly shown: () => Review.ReviewedEditor,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.tracked?.changes.stop();
    this.tracked = undefined;
  }

  hostUpdated(): void {
    const { runtime } = this.shown();
    if (runtime === this.tracked?.runtime) return;
    this.tracked?.changes.stop();
    this.tracked = runtime && {
      runtime,
      changes: trackAgentChanges(runtime.registry, runtime.workspace, () => {
        this.load();
        this.host.requestUpdate();
      }),
    };
    if (runtime) this.load();
  }

  /** The review bar once its code is here and there is a change to review; else nothing. */
  render() {
    return this.review?.render() ?? nothing;
  }

  private load(): void {
    if (this.review) return;
    loadReview().then(
      ({ ChangeReview }) => {
        this.review ??= new ChangeReview(this.host, this.announcer, () => ({
          ...this.shown(),
          changes: this.tracked?.changes,
        }));
        this.host.requestUpdate();
      },
      // Nothing to show: the changes stay tracked for the next try.
      () => undefined,
    );
  }
}
