/**
 * The realtime web-coding catalog (`web.*`): a three-file workspace on one revision clock, with
 * the default policies of the reference contract's web-coding table.
 */
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { createWebEditTools } from './edit-tools.js';
import { createWebReadTools } from './read-tools.js';

export { WEB_CODING_SEED } from './seed.js';

export { WEB_TOOL_POLICIES } from '../../registry/policy-table.js';

/** Creates the web-coding `web.*` tools over a workspace manager. */
export function createWebCodingTools(manager: WorkspaceDocumentManager) {
  return [...createWebReadTools(manager), ...createWebEditTools(manager)];
}
