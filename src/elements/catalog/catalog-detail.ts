import { html, nothing } from 'lit';
import type { RecoveryAction } from '../../runtime/agents/index.js';
import { summarizeDefaultPolicy } from '../../runtime/catalog/index.js';
import type {
  MCPToolDefinition,
  ToolAnnotations,
  ToolCallResult,
} from '../../runtime/protocol/index.js';
import { renderRecovery } from '../shared/recovery.js';

const HINTS: readonly (keyof ToolAnnotations)[] = [
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
];

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The canonical definition as `getToolDefinition()` returns it: nothing here is re-derived. */
export function renderDefinition(definition: MCPToolDefinition) {
  const policy = summarizeDefaultPolicy(definition);
  const annotations = definition.annotations ?? {};
  const hints = HINTS.filter((hint) => annotations[hint] !== undefined);
  return html`<header class="definition-head">
      <h3 id="definition-title">${definition.title ?? annotations.title ?? definition.name}</h3>
      <code class="name">${definition.name}</code>
    </header>
    <p class="description">${definition.description || 'No description.'}</p>
    <dl class="facts">
      <dt>Default policy</dt>
      <dd data-policy=${policy.modelOrMcp}>${policy.text}</dd>
      <dt>Annotations</dt>
      <dd>
        ${
          hints.length
            ? hints.map(
                (hint) =>
                  html`<span class="hint ${annotations[hint] ? 'on' : 'off'}"
                    >${hint}: ${String(annotations[hint])}</span
                  > `,
              )
            : 'none'
        }
      </dd>
    </dl>
    <details open>
      <summary>Input schema</summary>
      <pre part="schema" tabindex="0">${json(definition.inputSchema)}</pre>
    </details>
    ${
      definition.outputSchema
        ? html`<details>
            <summary>Output schema</summary>
            <pre part="schema" tabindex="0">${json(definition.outputSchema)}</pre>
          </details>`
        : nothing
    }`;
}

/**
 * The last sample's result, or its structured error with code; its recovery (as in the chat),
 * and Retry only when retryable — "Re-read & retry" for a moved revision.
 */
export function renderSampleResult(
  result: ToolCallResult,
  actions: {
    running: boolean;
    notice: string;
    onRetry(): void;
    onRecover(action: RecoveryAction): void;
  },
) {
  const { error } = result;
  const shown = error
    ? { error, content: result.content }
    : (result.structuredContent ?? result.content);
  return html`<div class="result ${error ? 'failed' : 'completed'}" part="result">
    <h4>${error ? html`Failed · <code>${error.code}</code>` : 'Result'}</h4>
    ${error ? html`<p class="error-message">${error.message}</p>` : nothing}
    ${renderRecovery(error, actions.onRecover, actions.running)}
    ${
      error?.retryable
        ? html`<button data-action="retry" ?disabled=${actions.running} @click=${actions.onRetry}>
            ${error.code === 'WORKSPACE_REVISION_CONFLICT' ? 'Re-read & retry' : 'Retry'}
          </button>`
        : nothing
    }
    ${actions.notice ? html`<p class="notice">${actions.notice}</p>` : nothing}
    <pre tabindex="0">${json(shown)}</pre>
  </div>`;
}
