import { html, nothing } from 'lit';
import { formatCount } from '../../runtime/protocol/index.js';
import type {
  ApprovalChange,
  ApprovalChangeView,
  ApprovalFileChange,
  TextArgumentSize,
  ToolApprovalSnapshot,
} from '../../runtime/approval/index.js';

const count = (value: number, unit: string) =>
  `${formatCount(value)} ${unit}${value === 1 ? '' : 's'}`;

/** "70,000 characters · 1 line": what a text argument weighs, never what it says. */
export const renderTextSize = (size: TextArgumentSize) =>
  `${count(size.characters, 'character')} · ${count(size.lines, 'line')}`;

const STATUS = { added: 'new', deleted: 'deleted', modified: 'changed', renamed: 'renamed' };

export const fileName = (file: ApprovalFileChange) =>
  file.to === undefined ? file.path : `${file.path} → ${file.to}`;

/** "1,204 → 1,260 characters · 40 → 42 lines", or one side for a new or deleted file. */
function sizes(file: ApprovalFileChange): string {
  const side = (before: number, after: number, unit: string) =>
    file.status === 'added'
      ? count(after, unit)
      : file.status === 'deleted'
        ? count(before, unit)
        : `${formatCount(before)} → ${count(after, unit)}`;
  return `${side(file.beforeCharacters, file.afterCharacters, 'character')} · ${side(file.beforeLines, file.afterLines, 'line')}`;
}

/** The change's one-line total, beside "Show change". */
export const renderChangeTotal = (change: ApprovalChange) =>
  html`<span class="added">+${formatCount(change.added)}</span>
    <span class="removed">−${formatCount(change.removed)}</span> lines in
    ${count(change.files.length, 'file')}`;

/** Where a file's diff would be, for a file the change view left without text. */
const tooLarge = (file: ApprovalFileChange, view: ApprovalChangeView) =>
  html`<p class="too-large">
    Too large to show here: ${count(file.beforeCharacters + file.afterCharacters, 'character')}; one
    change view holds at most ${count(view.maxCharacters, 'character')}.
  </p>`;

/**
 * Every file the call changes, with its size and line counts; `expanded` adds a container per
 * file where the diff view mounts, from `view` (the text read on demand). A card recomputed after
 * the workspace moved says so first.
 */
export function renderChangedFiles(
  id: string,
  change: ApprovalChange,
  expanded: boolean,
  view: ApprovalChangeView | undefined,
) {
  return html`<div id=${`change-${id}`} class="change">
    ${
      change.stale
        ? html`<p class="stale" role="note">
            The workspace changed while this request waited, so the call would now make another
            change than the one requested. Shown: the change against the current files. Approve
            fails with a revision conflict and changes nothing; the requester reads the files again.
          </p>`
        : nothing
    }
    ${change.note ? html`<p class="note">${change.note}</p>` : nothing}
    ${expanded && !view ? html`<p class="note">The change could not be read.</p>` : nothing}
    <ul class="files">
      ${change.files.map(
        (file, index) =>
          html`<li>
            <div class="file-header">
              <span class="path">${fileName(file)}</span>
              <span class="status">${STATUS[file.status]}</span>
              <span class="added">+${formatCount(file.added)}</span>
              <span class="removed">−${formatCount(file.removed)}</span>
              <span class="size">${sizes(file)}</span>
            </div>
            ${
              expanded && view && !view.files[index]?.text
                ? tooLarge(file, view)
                : expanded
                  ? html`<div
                      class="diff"
                      part="diff"
                      data-file=${`${id}:${index}`}
                      tabindex="0"
                      role="region"
                      aria-label=${`Change to ${fileName(file)}`}
                    ></div>`
                  : nothing
            }
          </li>`,
      )}
    </ul>
  </div>`;
}

/** Who asked, the arguments and the change, with Show change: one request's facts. */
export function renderDetails(
  request: ToolApprovalSnapshot,
  expanded: boolean,
  view: ApprovalChangeView | undefined,
  toggle: () => void,
) {
  const change = request.change;
  return html`<dl>
      <dt>Requested by</dt>
      <dd>${request.source} · ${request.mode}</dd>
      <dt>Arguments</dt>
      <dd>${request.argumentNames.length ? request.argumentNames.join(', ') : 'none'}</dd>
      ${Object.entries(request.safeArguments).map(
        ([name, value]) =>
          html`<dt>${name}</dt>
            <dd>${value}</dd>`,
      )}
      ${request.textArguments.map(
        (size) =>
          html`<dt>${size.name}</dt>
            <dd>${renderTextSize(size)}</dd>`,
      )}
      ${
        change
          ? html`<dt>Change</dt>
              <dd>
                ${renderChangeTotal(change)}
                ${
                  change.files.length
                    ? html`<button
                        type="button"
                        part="show-change"
                        aria-expanded=${expanded ? 'true' : 'false'}
                        aria-controls=${`change-${request.id}`}
                        @click=${toggle}
                      >
                        ${expanded ? 'Hide change' : 'Show change'}
                      </button>`
                    : nothing
                }
              </dd>`
          : nothing
      }
    </dl>
    ${change ? renderChangedFiles(request.id, change, expanded, view) : nothing}`;
}
