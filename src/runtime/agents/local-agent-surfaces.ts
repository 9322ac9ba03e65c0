/**
 * The offline agent's plans on the web-coding and Live Code Editor surfaces: the same intents as
 * on the studio, through each surface's own catalog (`web.*`, `editor.*`) when discovery lists it,
 * reading before mutating and passing the revisions it read as guards.
 */
import type { LocalAgentIntent } from './local-agent-plan.js';

export interface StepState {
  revision?: number;
  documentRevision?: number;
  activePath?: string;
  /** From a status read: whether a writable folder takes a save. */
  folderWritable?: boolean;
}

export interface Step {
  /** The tool, or how to choose it from what earlier steps read. */
  name: string | ((state: StepState) => string);
  arguments: (state: StepState) => Record<string, unknown>;
}

export const workspaceGuard = (state: StepState) =>
  state.revision === undefined ? {} : { expectedRevision: state.revision };

const editorGuard = (state: StepState) => ({
  ...(state.revision === undefined ? {} : { expectedWorkspaceRevision: state.revision }),
  ...(state.documentRevision === undefined
    ? {}
    : { expectedDocumentRevision: state.documentRevision }),
});

function webSteps(intent: LocalAgentIntent): Step[] | null {
  const read: Step = { name: 'web.getWorkspace', arguments: () => ({}) };
  switch (intent.kind) {
    case 'theme':
      return [
        read,
        {
          name: 'web.setTheme',
          arguments: (s) => ({ accent: intent.accent, ...workspaceGuard(s) }),
        },
      ];
    case 'hero':
      return [
        read,
        {
          name: 'web.updateHero',
          arguments: (s) => ({
            ...(intent.title === undefined ? {} : { title: intent.title }),
            ...(intent.subtitle === undefined ? {} : { subtitle: intent.subtitle }),
            ...workspaceGuard(s),
          }),
        },
      ];
    case 'feature':
      return [
        read,
        {
          name: 'web.addFeature',
          arguments: (s) => ({
            title: intent.title,
            description: intent.description,
            ...workspaceGuard(s),
          }),
        },
      ];
    case 'patch': {
      const target = (s: StepState) => intent.path ?? s.activePath ?? 'index.html';
      return [
        read,
        { name: 'web.readFile', arguments: (s) => ({ path: target(s) }) },
        {
          name: 'web.applyPatch',
          arguments: (s) => ({
            path: target(s),
            search: intent.search,
            replace: intent.replace,
            ...workspaceGuard(s),
          }),
        },
      ];
    }
    case 'status':
      return [read];
    default:
      return null;
  }
}

function editorSteps(intent: LocalAgentIntent): Step[] | null {
  const status: Step = { name: 'editor.getStatus', arguments: () => ({}) };
  switch (intent.kind) {
    case 'patch': {
      const open: Step[] = intent.path
        ? [
            { name: 'editor.listFiles', arguments: () => ({}) },
            {
              name: 'editor.openFile',
              arguments: (s) => ({
                path: intent.path,
                ...(s.revision === undefined ? {} : { expectedWorkspaceRevision: s.revision }),
              }),
            },
          ]
        : [];
      return [
        status,
        ...open,
        { name: 'editor.getDocument', arguments: () => ({}) },
        {
          name: 'editor.applyPatch',
          arguments: (s) => ({ search: intent.search, replace: intent.replace, ...editorGuard(s) }),
        },
      ];
    }
    case 'save':
      // A linked folder takes the editor's own save (keyed per call by the agent runner, so an
      // unknown outcome can be recovered); a browser-only workspace keeps its checkpoint.
      return [
        status,
        {
          name: (s) => (s.folderWritable ? 'editor.saveAll' : 'workspace.saveCheckpoint'),
          arguments: (s) =>
            s.folderWritable
              ? s.revision === undefined
                ? {}
                : { expectedWorkspaceRevision: s.revision }
              : workspaceGuard(s),
        },
      ];
    case 'status':
      return [status];
    default:
      return null;
  }
}

/** The surface plan for `intent` when its catalog is listed; null means the studio plan. */
export function surfaceSteps(intent: LocalAgentIntent, listed: ReadonlySet<string>): Step[] | null {
  if (listed.has('web.getWorkspace')) return webSteps(intent);
  if (listed.has('editor.getStatus')) return editorSteps(intent);
  return null;
}
