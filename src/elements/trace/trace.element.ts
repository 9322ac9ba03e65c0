import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import type { RecoveryAction } from '../../runtime/agents/index.js';
import type { TraceRow, TraceApproval } from '../../runtime/trace/index.js';
import { renderRecovery, runRecovery } from '../shared/recovery.js';
import { browserDownload } from '../../runtime/tools/workspace/index.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { atScrollEnd } from '../shared/scroll-end.js';
import { StoreController } from '../shared/store-controller.js';
import { exportTraceRows } from './trace-export.js';
import { groupTraceRows, type TraceGroup } from './trace-groups.js';
import { formatDuration, groupState, groupSummary } from './trace-summary.js';
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

/** A tool name that may wrap after each dot in a narrow panel: "workspace.<wbr>readFile". */
const breakable = (name: string) =>
  name.split('.').map((part, index) => (index === 0 ? part : html`.<wbr />${part}`));

/** A failure a retry may fix, or one it cannot. */
const failureKind = (error: { retryable: boolean }) => (error.retryable ? 'retryable' : 'terminal');

/** The rows before a runtime is there: one array, so an update without new rows measures nothing. */
const NO_ROWS: readonly TraceRow[] = [];

const APPROVAL_LABELS: Readonly<Record<TraceApproval, string>> = {
  waiting: 'waiting for approval',
  approved: 'approved',
  denied: 'denied',
  unavailable: 'no approval surface',
  refused: 'approval refused',
  'timed-out': 'approval timed out',
  cancelled: 'cancelled while waiting for approval',
};

/**
 * The call's status with its approval and failure kind: "running · waiting for approval",
 * "completed · approved", "failed · TOOL_APPROVAL_DENIED · terminal · denied".
 */
function statusText(row: TraceRow): string {
  return [
    row.status,
    ...(row.error ? [row.error.code, failureKind(row.error)] : []),
    ...(row.approval ? [APPROVAL_LABELS[row.approval]] : []),
  ].join(' · ');
}

/**
 * The execution trace, grouped for reading: each prompt's agent run is one group with its calls,
 * and each call made outside a run (editor, explorer, MCP) is a group of its own. A group's header
 * is a disclosure button whose name is a one-line summary: what changed (from the calls' titles,
 * values and files), its state in words (running, waiting for approval, approved, denied, failed
 * with the error's message) and its duration. Finished groups start collapsed, running and failed
 * ones open. Groups run oldest to newest, the newest at the bottom and kept in view unless the
 * person scrolled up. `tools/list` discoveries are counted in their group, not shown as rows.
 *
 * Under a group, each call row has its tool, source · mode, both the provider call id and the
 * internal trace id, status and duration, and opens a detail view of its bounded, redacted
 * arguments and result (source-like values appear as a character count), with its own Copy. A call
 * that asked for approval reads "waiting for approval" until it is answered, then "approved" or
 * "denied". A failure reads as retryable or terminal and offers the chat's recovery (Reconnect
 * folder, Grant access, Refresh preview). Copy and Download export every row, metadata only.
 *
 * @tagname ca-trace
 * @summary Live trace of every tool call, grouped by prompt.
 * @fires ca-trace-clear - The person cleared the trace.
 * @fires ca-folder-reconnect - The person asked to reconnect the workspace folder after a folder failure.
 * @csspart header - The toolbar above the groups.
 * @csspart group - The disclosure button heading one group, named by its summary line.
 * @csspart table - The call rows table of one group.
 * @csspart detail - The open detail view of one row.
 * @cssprop --ca-trace-max-height - Maximum height of the scrolling groups area.
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
  /** Groups the person opened or closed; the others follow their state. */
  @state() private toggled: ReadonlyMap<string, boolean> = new Map();

  private readonly runtimeRef = new RuntimeController(this);
  private readonly rows = new StoreController(this, () => this.runtimeRef.value?.trace);

  /** Whether the rows were scrolled to the end before this update: then they follow new rows. */
  private pinned = true;
  private shownRows?: readonly TraceRow[];

  protected override willUpdate(): void {
    // Measured only when the rows changed: reading the scroll position forces a layout, which on
    // a first visit would run inside the studio's first render.
    if (this.allRows !== this.shownRows)
      this.pinned = atScrollEnd(this.renderRoot.querySelector<HTMLElement>('.rows'));
  }

  protected override updated(): void {
    // Newest at the bottom, in view: a new row scrolls the trace unless the person scrolled up.
    if (this.allRows === this.shownRows) return;
    this.shownRows = this.allRows;
    const area = this.renderRoot.querySelector<HTMLElement>('.rows');
    if (area && this.pinned && this.allRows.length) area.scrollTop = area.scrollHeight;
  }

  private get allRows(): readonly TraceRow[] {
    return this.rows.value ?? NO_ROWS;
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

  private renderRow(row: TraceRow) {
    const open = this.expanded === row.traceId;
    return html`<tr
      data-trace-id=${row.traceId}
      data-method=${row.method}
      data-status=${row.status}
    >
      <td class="call">
        <code class="name" title=${row.summary ?? ''}>${breakable(row.name)}</code>
        <span class="ids"
          >${row.source} · ${row.mode} · ${row.toolCallId ?? '—'} · ${row.traceId}</span
        >
      </td>
      <td>
        <span
          class="status ${row.status}"
          title=${row.error ? `${row.error.code}: ${row.error.message}` : ''}
          >${statusText(row)}</span
        >
        ${row.status === 'failed' ? renderRecovery(row.error, (action) => void this.recover(row, action)) : nothing}
        <span class="time">${formatDuration(row.durationMs) || '…'}</span>
        ${this.notice?.traceId === row.traceId ? html`<span class="notice">${this.notice.text}</span>` : nothing}
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
      <td colspan="3">
        <p class="detail-name"><code>${row.name}</code> · ${row.source} · ${row.mode}</p>
        <pre aria-label=${`Details of ${row.name}`} tabindex="0">${detailText(row)}</pre>
        <button @click=${() => this.copyDetail(row)}>
          ${this.detailCopied ? 'Copied' : 'Copy details'}
        </button>
      </td>
    </tr>`;
  }

  /** The run's prompt, where it came from, and what the group counted. */
  private renderGroupMeta(group: TraceGroup) {
    const { run, calls, lists } = group;
    const first = run ?? calls[0] ?? lists[0];
    const counted = [
      ...(run ? [`${calls.length} call${calls.length === 1 ? '' : 's'}`] : []),
      ...lists.map((list) => `listed ${list.summary ?? 'tools'}`),
    ];
    return html`<p class="group-meta">
      ${run ? html`<q>${run.name}</q> · ` : nothing}${first ? `${first.source} · ${first.mode}` : ''}${
        counted.length ? ` · ${counted.join(' · ')}` : ''
      }
      ${
        run?.status === 'failed'
          ? html`<span class="status failed"
                >${run.error ? `${run.error.code}: ${run.error.message}` : 'failed'}</span
              >
              ${renderRecovery(run.error, (action) => void this.recover(run, action))}
              ${this.notice?.traceId === run.traceId ? html`<span class="notice">${this.notice.text}</span>` : nothing}`
          : nothing
      }
    </p>`;
  }

  private renderGroup(group: TraceGroup) {
    const state = groupState(group);
    const open =
      this.toggled.get(group.id) ?? (state.tone === 'running' || state.tone === 'failed');
    const toggle = () => (this.toggled = new Map([...this.toggled, [group.id, !open]]));
    return html`<li class="group" data-group=${group.id} data-status=${state.tone}>
      <button
        class="toggle"
        part="group"
        aria-expanded=${String(open)}
        aria-controls=${`group-${group.id}`}
        @click=${toggle}
      >
        <span class="chevron" aria-hidden="true"></span
        ><span class="summary ${state.tone}">${groupSummary(group)}</span>
      </button>
      <div class="group-body" id=${`group-${group.id}`} ?hidden=${!open}>
        ${this.renderGroupMeta(group)}
        ${
          group.calls.length === 0
            ? nothing
            : html`<table part="table">
                <thead>
                  <tr>
                    <th scope="col">Tool</th>
                    <th scope="col">Status · time</th>
                    <th scope="col"><span class="visually-hidden">Details</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${group.calls.map(
                    (row) =>
                      html`${this.renderRow(row)}${
                        this.expanded === row.traceId ? this.renderDetail(row) : nothing
                      }`,
                  )}
                </tbody>
              </table>`
        }
      </div>
    </li>`;
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
        <button class="quiet" @click=${this.copy} ?disabled=${rows.length === 0}>
          ${this.copied ? 'Copied' : 'Copy'}
        </button>
        <button class="quiet" @click=${this.download} ?disabled=${rows.length === 0}>
          Download trace
        </button>
        <button class="quiet" @click=${this.clear} ?disabled=${running || rows.length === 0}>
          Clear
        </button>
      </div>
      <div class="rows" tabindex="0" role="region" aria-label="Trace rows">
        ${
          visible.length === 0
            ? html`<div class="empty">No tool calls yet.</div>`
            : html`<ol class="groups">
                ${groupTraceRows(visible).map((group) => this.renderGroup(group))}
              </ol>`
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
