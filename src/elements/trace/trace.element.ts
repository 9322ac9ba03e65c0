import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import type { RecoveryAction } from '../../runtime/agents/index.js';
import type { TraceRow } from '../../runtime/trace/index.js';
import type { TraceApproval } from '../../runtime/trace/index.js';
import { renderRecovery, runRecovery } from '../shared/recovery.js';
import { browserDownload } from '../../runtime/tools/workspace/index.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { exportTraceRows } from './trace-export.js';
import { traceStyles } from './trace.styles.js';

/** The row's bounded, redacted detail projection as shown and copied. */
const detailText = (row: TraceRow) =>
  JSON.stringify(
    {
      traceId: row.traceId,
      method: row.method,
      name: row.name,
      status: row.status,
      ...(row.error ? { error: row.error } : {}),
      details: row.details,
    },
    null,
    2,
  );

/** A failure a retry may fix, or one it cannot. */
const failureKind = (error: { retryable: boolean }) => (error.retryable ? 'retryable' : 'terminal');

const APPROVAL_LABELS: Readonly<Record<TraceApproval, string>> = {
  waiting: 'waiting for approval',
  approved: 'approved',
  denied: 'denied',
  unavailable: 'no approval surface',
  refused: 'approval refused',
};

/**
 * The row's status with its approval and failure kind: "running · waiting for approval",
 * "completed · approved", "failed · TOOL_APPROVAL_DENIED · terminal · denied". An agent run
 * reads "waiting for approval" while one of its calls does.
 */
function statusText(row: TraceRow, waitingSessions: ReadonlySet<string>): string {
  const approval =
    row.method === 'agent.request'
      ? row.status === 'running' && row.sessionId && waitingSessions.has(row.sessionId)
        ? APPROVAL_LABELS.waiting
        : undefined
      : row.approval && APPROVAL_LABELS[row.approval];
  return [
    row.status,
    ...(row.error ? [row.error.code, failureKind(row.error)] : []),
    ...(approval ? [approval] : []),
  ].join(' · ');
}

const formatDuration = (row: TraceRow) =>
  row.durationMs === undefined ? '…' : `${Math.max(0, Math.round(row.durationMs))} ms`;

/**
 * The execution trace: one row per `tools/list`, per `tools/call` lifecycle and per
 * `agent.request`, with source · mode, status, duration and both the provider call id and the
 * internal trace id. Copy and Download export metadata only. Each call row opens a detail view
 * of its bounded, redacted arguments and result (source-like values appear as a character count),
 * with its own Copy. A call that asked for approval reads "waiting for approval" until it is
 * answered, then "approved" or "denied" (its agent run waits with it). A failure reads as
 * retryable or terminal, and a failed row offers the chat's recovery (Reconnect folder, Grant
 * access, Refresh preview).
 *
 * @tagname ca-trace
 * @summary Live trace of every tool call.
 * @fires ca-trace-clear - The person cleared the trace.
 * @fires ca-folder-reconnect - The person asked to reconnect the workspace folder after a folder failure.
 * @csspart header - The toolbar above the rows.
 * @csspart table - The rows table.
 * @csspart detail - The open detail view of one row.
 * @cssprop --ca-trace-max-height - Maximum height of the scrolling rows area.
 */
export class CaTrace extends LitElement {
  static override styles = traceStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: StudioRuntime;

  /** Shows only rows of this agent session; empty shows all. */
  @property() session = '';

  @state() private copied = false;
  /** The traceId whose detail view is open. */
  @state() private expanded = '';
  @state() private detailCopied = false;
  /** What a row's recovery button did, shown in that row. */
  @state() private notice?: { traceId: string; text: string };

  private readonly runtimeRef = new RuntimeController(this);
  private readonly rows = new StoreController(this, () => this.runtimeRef.value?.trace);

  /** Whether the rows were scrolled to the end before this update: then they follow new rows. */
  private pinned = true;
  private shownRows?: readonly TraceRow[];

  protected override willUpdate(): void {
    const area = this.renderRoot.querySelector<HTMLElement>('.rows');
    this.pinned = !area || area.scrollHeight - area.scrollTop - area.clientHeight < 8;
  }

  protected override updated(): void {
    // Newest at the bottom, in view: a new row scrolls the trace unless the person scrolled up.
    if (this.allRows === this.shownRows) return;
    this.shownRows = this.allRows;
    const area = this.renderRoot.querySelector<HTMLElement>('.rows');
    if (area && this.pinned) area.scrollTop = area.scrollHeight;
  }

  private get allRows(): readonly TraceRow[] {
    return this.rows.value ?? [];
  }

  private async copy(): Promise<void> {
    await navigator.clipboard?.writeText(exportTraceRows(this.allRows));
    this.copied = true;
    setTimeout(() => (this.copied = false), 1500);
  }

  private async copyDetail(row: TraceRow): Promise<void> {
    await navigator.clipboard?.writeText(detailText(row));
    this.detailCopied = true;
    setTimeout(() => (this.detailCopied = false), 1500);
  }

  private renderRow(row: TraceRow, waitingSessions: ReadonlySet<string>) {
    const open = this.expanded === row.traceId;
    return html`<tr
      data-trace-id=${row.traceId}
      data-method=${row.method}
      data-status=${row.status}
    >
      <td>${row.method}</td>
      <td class="name" title=${row.summary ?? ''}>${row.name}</td>
      <td>${row.source} · ${row.mode}</td>
      <td>
        <span
          class="status ${row.status}"
          title=${row.error ? `${row.error.code}: ${row.error.message}` : ''}
          >${statusText(row, waitingSessions)}</span
        >
        ${row.status === 'failed' ? renderRecovery(row.error, (action) => void this.recover(row, action)) : nothing}
        ${this.notice?.traceId === row.traceId ? html`<span class="notice">${this.notice.text}</span>` : nothing}
      </td>
      <td>${formatDuration(row)}</td>
      <td class="ids" title=${`toolCallId ${row.toolCallId ?? '—'} · traceId ${row.traceId}`}>
        ${row.toolCallId ?? '—'} · ${row.traceId}
      </td>
      <td>
        ${
          row.details === undefined
            ? nothing
            : html`<button
                aria-expanded=${String(open)}
                aria-controls=${`detail-${row.traceId}`}
                aria-label=${`Details of ${row.name}`}
                @click=${() => (this.expanded = open ? '' : row.traceId)}
              >
                Details
              </button>`
        }
      </td>
    </tr>`;
  }

  private async recover(row: TraceRow, action: RecoveryAction): Promise<void> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    this.notice = { traceId: row.traceId, text: await runRecovery(this, runtime.registry, action) };
  }

  private renderDetail(row: TraceRow) {
    return html`<tr class="detail" part="detail" id=${`detail-${row.traceId}`}>
      <td colspan="7">
        <p class="detail-name"><code>${row.name}</code> · ${row.source} · ${row.mode}</p>
        <pre aria-label=${`Details of ${row.name}`} tabindex="0">${detailText(row)}</pre>
        <button @click=${() => this.copyDetail(row)}>
          ${this.detailCopied ? 'Copied' : 'Copy details'}
        </button>
      </td>
    </tr>`;
  }

  private download(): void {
    const blob = new Blob([exportTraceRows(this.allRows)], { type: 'application/json' });
    browserDownload({ fileName: 'context-action-trace.json', blob });
  }

  private clear(): void {
    this.runtimeRef.value?.trace.clear();
    this.dispatchEvent(new CustomEvent('ca-trace-clear', { bubbles: true, composed: true }));
  }

  protected override render() {
    const rows = this.allRows;
    const sessions = [...new Set(rows.flatMap((row) => (row.sessionId ? [row.sessionId] : [])))];
    const visible = this.session ? rows.filter((row) => row.sessionId === this.session) : rows;
    const running = rows.some((row) => row.status === 'running');
    const waitingSessions = new Set(
      rows.flatMap((row) =>
        row.approval === 'waiting' && row.status === 'running' && row.sessionId
          ? [row.sessionId]
          : [],
      ),
    );
    return html`
      <div class="header" part="header">
        <h2>Trace</h2>
        ${
          sessions.length > 1
            ? html`<label
                >Session
                <select
                  .value=${this.session}
                  @change=${(event: Event) => (this.session = (event.target as HTMLSelectElement).value)}
                >
                  <option value="">All</option>
                  ${sessions.map((id) => html`<option value=${id}>${id}</option>`)}
                </select></label
              >`
            : nothing
        }
        <button @click=${this.copy} ?disabled=${rows.length === 0}>
          ${this.copied ? 'Copied' : 'Copy'}
        </button>
        <button @click=${this.download} ?disabled=${rows.length === 0}>Download trace</button>
        <button @click=${this.clear} ?disabled=${running || rows.length === 0}>Clear</button>
      </div>
      <div class="rows" tabindex="0" role="region" aria-label="Trace rows">
        ${
          visible.length === 0
            ? html`<div class="empty">No tool calls yet.</div>`
            : html`<table part="table">
                <thead>
                  <tr>
                    <th scope="col">Method</th>
                    <th scope="col">Tool</th>
                    <th scope="col">Source · mode</th>
                    <th scope="col">Status</th>
                    <th scope="col">Duration</th>
                    <th scope="col">Ids</th>
                    <th scope="col"><span class="visually-hidden">Details</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${visible.map(
                    (row) =>
                      html`${this.renderRow(row, waitingSessions)}${
                        this.expanded === row.traceId ? this.renderDetail(row) : nothing
                      }`,
                  )}
                </tbody>
              </table>`
        }
      </div>
    `;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-trace-clear': CustomEvent<undefined>;
  }
}
