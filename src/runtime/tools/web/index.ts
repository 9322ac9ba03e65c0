/**
 * The realtime web-coding catalog (`web.*`): a three-file workspace on one revision clock, with
 * the default policies of the seed's web-coding table.
 */
import type { ToolDescriptor } from '../../registry/define-tool.js';
import type { ToolPolicyDecision } from '../../registry/policy.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { reportUnacknowledgedPreview } from '../preview/unacknowledged.js';
import { createWebEditTools } from './edit-tools.js';
import { createWebReadTools } from './read-tools.js';

export { WEB_CODING_SEED } from './seed.js';

/** `allow` runs; "local demo allow" tools are `allow` for direct calls, approval elsewhere (R19). */
export const WEB_TOOL_POLICIES: Readonly<Record<string, ToolPolicyDecision>> = Object.freeze({
  'web.getWorkspace': 'allow',
  'web.readFile': 'allow',
  'web.applyPatch': 'allow',
  'web.writeFile': 'allow',
  'web.setTheme': 'allow',
  'web.addFeature': 'allow',
  'web.updateHero': 'allow',
});

export function createWebCodingTools(manager: WorkspaceDocumentManager) {
  return reportUnacknowledgedPreview(
    [...createWebReadTools(manager), ...createWebEditTools(manager)] as ToolDescriptor<never>[],
    manager,
  );
}
