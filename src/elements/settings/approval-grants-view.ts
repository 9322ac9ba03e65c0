import { html, nothing } from 'lit';
import type { ToolApprovalGrant } from '../../runtime/approval/index.js';

/**
 * The tools a person allowed for this session, each with Revoke; nothing while there are none.
 * A revoked tool asks again on its next call.
 */
export function renderApprovalGrants(
  grants: readonly ToolApprovalGrant[],
  revoke: (id: string) => void,
) {
  if (grants.length === 0) return nothing;
  return html`<fieldset part="grants">
    <legend>Allowed for this session</legend>
    <ul class="grants">
      ${grants.map(
        (grant) =>
          html`<li>
            <span class="tool">${grant.toolName}</span> for ${grant.source}
            <button
              type="button"
              part="revoke"
              aria-label=${`Revoke ${grant.toolName} for ${grant.source}`}
              @click=${() => revoke(grant.id)}
            >
              Revoke
            </button>
          </li>`,
      )}
    </ul>
  </fieldset>`;
}
