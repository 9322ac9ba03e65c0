/**
 * Runs queued jobs in tasks of a bounded length, yielding to the event loop between them, so a
 * burst of requests from a preview (up to the per-revision cap of fetches) never holds the
 * host's main thread for a long task.
 */
export class TaskBudget {
  private readonly jobs: Array<() => void> = [];
  private scheduled = false;

  constructor(private readonly budgetMs = 8) {}

  push(job: () => void): void {
    this.jobs.push(job);
    if (!this.scheduled) this.schedule();
  }

  /** Drops the jobs not run yet. */
  clear(): void {
    this.jobs.length = 0;
  }

  private schedule(): void {
    this.scheduled = true;
    setTimeout(() => this.drain(), 0);
  }

  private drain(): void {
    const end = performance.now() + this.budgetMs;
    let next: (() => void) | undefined;
    while (performance.now() < end && (next = this.jobs.shift())) next();
    this.scheduled = false;
    if (this.jobs.length > 0) this.schedule();
  }
}
