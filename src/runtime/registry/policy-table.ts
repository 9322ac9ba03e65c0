/**
 * The reference contract's policy tables, as the decision for every call that is not a person's own direct
 * call (a model's, an MCP client's, the local agent's): "allow" rows run, "local demo allow" and
 * "approval required" rows ask. A person's direct call runs either way (docs/architecture.md,
 * "Deliberate differences from the reference contract"). The default policy's gate reads these rows; a tool without a
 * row falls back to R19 (read-only runs, anything else asks). Data only: the registry imports it
 * without pulling in any catalog's code.
 */
/** What the gate does with a call: run it, ask a person first, or refuse it. */
export type ToolPolicyDecision = 'allow' | 'ask' | 'deny';

type PolicyTable = Readonly<Record<string, ToolPolicyDecision>>;

/**
 * The reference contract's decisions for the `workspace.*` and `preview.*` tools when a model, MCP client or
 * agent calls them.
 */
export const WORKSPACE_TOOL_POLICIES: PolicyTable = Object.freeze({
  'workspace.getStatus': 'allow',
  'workspace.listFiles': 'allow',
  'workspace.readFile': 'allow',
  'workspace.downloadFile': 'ask',
  'workspace.openFile': 'allow',
  'workspace.createFile': 'ask',
  'workspace.renameFile': 'ask',
  'workspace.writeFile': 'ask',
  'workspace.applyPatch': 'ask',
  'workspace.undo': 'ask',
  'workspace.redo': 'ask',
  'workspace.deleteFile': 'ask',
  'workspace.revertFile': 'ask',
  'workspace.saveAll': 'ask',
  'workspace.saveCheckpoint': 'ask',
  'workspace.reloadFolder': 'ask',
  'workspace.disconnectFolder': 'ask',
  'workspace.reset': 'ask',
  'preview.setTheme': 'ask',
  'preview.addFeature': 'ask',
  'preview.updateHero': 'ask',
  'preview.getStatus': 'allow',
  'preview.refresh': 'ask',
});

/** The reference contract's decisions for the `web.*` tools when a model, MCP client or agent calls them. */
export const WEB_TOOL_POLICIES: PolicyTable = Object.freeze({
  'web.getWorkspace': 'allow',
  'web.readFile': 'allow',
  'web.applyPatch': 'ask',
  'web.writeFile': 'ask',
  'web.setTheme': 'ask',
  'web.addFeature': 'ask',
  'web.updateHero': 'ask',
});

/** The reference contract's decisions for the `editor.*` tools when a model, MCP client or agent calls them. */
export const EDITOR_TOOL_POLICIES: PolicyTable = Object.freeze({
  'editor.getStatus': 'allow',
  'editor.listFiles': 'allow',
  'editor.openFile': 'ask',
  'editor.saveFile': 'ask',
  'editor.saveAll': 'ask',
  'editor.getDocument': 'allow',
  'editor.getPreviewStatus': 'allow',
  'editor.setDocument': 'ask',
  'editor.applyPatch': 'ask',
  'editor.setScenario': 'ask',
  'editor.resetDocument': 'ask',
});

const ROWS: PolicyTable = Object.freeze({
  ...WORKSPACE_TOOL_POLICIES,
  ...WEB_TOOL_POLICIES,
  ...EDITOR_TOOL_POLICIES,
});

/** The reference contract's row of `name`, if it has one. */
export const referencePolicyOf = (name: string): ToolPolicyDecision | undefined =>
  Object.hasOwn(ROWS, name) ? ROWS[name] : undefined;
