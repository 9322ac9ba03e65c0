/**
 * The offline agent: plans deterministically, inspects before it mutates (getStatus, then
 * listFiles and readFile for text edits), captures the revision before approval, and calls
 * every tool through the model call path so policy and approval apply as for a real model.
 */
import type { ToolCallResult } from '../protocol/types.js';
import { listAllTools } from '../registry/pagination.js';
import type { AgentDriver } from './agent-types.js';
import { toolTranscriptMessage } from './tool-message.js';
import { LOCAL_AGENT_RECIPES } from './local-agent-recipes.js';
import { nearestRecipes, unknownRequestText } from './nearest-recipes.js';
import { accentFits, intentMisfit } from './local-agent-fit.js';
import { planLocalAgentRequest, type LocalAgentIntent } from './local-agent-plan.js';
import {
  surfaceSteps,
  workspaceGuard as readRevision,
  type Step,
  type StepState,
} from './local-agent-surfaces.js';

function stepsFor(intent: LocalAgentIntent): Step[] {
  const status: Step = { name: 'workspace.getStatus', arguments: () => ({}) };
  switch (intent.kind) {
    case 'theme':
      return [
        status,
        {
          name: 'preview.setTheme',
          arguments: (s) => ({ accent: intent.accent, ...readRevision(s) }),
        },
      ];
    case 'hero':
      return [
        status,
        {
          name: 'preview.updateHero',
          arguments: (s) => ({
            ...omitUndefined(intent, ['title', 'subtitle']),
            ...readRevision(s),
          }),
        },
      ];
    case 'feature':
      return [
        status,
        {
          name: 'preview.addFeature',
          arguments: (s) => ({
            title: intent.title,
            description: intent.description,
            ...readRevision(s),
          }),
        },
      ];
    case 'patch': {
      const target = (s: StepState) => intent.path ?? s.activePath ?? 'index.html';
      return [
        status,
        { name: 'workspace.listFiles', arguments: () => ({}) },
        { name: 'workspace.readFile', arguments: (s) => ({ path: target(s) }) },
        {
          name: 'workspace.applyPatch',
          arguments: (s) => ({
            path: target(s),
            search: intent.search,
            replace: intent.replace,
            ...readRevision(s),
          }),
        },
      ];
    }
    case 'undo':
    case 'redo':
      return [status, { name: `workspace.${intent.kind}`, arguments: readRevision }];
    case 'refresh':
      return [{ name: 'preview.refresh', arguments: () => ({}) }];
    case 'previewStatus':
      return [{ name: 'preview.getStatus', arguments: () => ({}) }];
    case 'download':
      return [
        status,
        {
          name: 'workspace.downloadFile',
          arguments: (s) => {
            const path = intent.path ?? s.activePath;
            return path === undefined ? {} : { path };
          },
        },
      ];
    case 'open':
      return [{ name: 'workspace.openFile', arguments: () => ({ path: intent.path }) }];
    case 'create':
      return [
        status,
        {
          name: 'workspace.createFile',
          arguments: (s) => ({ path: intent.path, text: '', ...readRevision(s) }),
        },
      ];
    case 'save':
      // To the linked folder when one takes writes, else a browser checkpoint.
      return [
        status,
        {
          name: (s) => (s.folderWritable ? 'workspace.saveAll' : 'workspace.saveCheckpoint'),
          arguments: readRevision,
        },
      ];
    case 'reloadFolder':
      return [status, { name: 'workspace.reloadFolder', arguments: readRevision }];
    case 'disconnectFolder':
      return [status, { name: 'workspace.disconnectFolder', arguments: () => ({}) }];
    case 'status':
      return [status];
    case 'unknown':
      return [];
  }
}

function omitUndefined<T extends object>(value: T, keys: readonly (keyof T)[]): Partial<T> {
  return Object.fromEntries(
    keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]),
  ) as Partial<T>;
}

/** Reads the revision and active path a read-only step reported, for the next step's guard. */
function observe(state: StepState, result: ToolCallResult): StepState {
  const structured = result.structuredContent ?? {};
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  // The editor surface names its workspace clock workspaceRevision and adds a document clock.
  const revision =
    number(structured.revision) ?? number(structured.workspaceRevision) ?? state.revision;
  const documentRevision = number(structured.documentRevision) ?? state.documentRevision;
  const activePath =
    typeof structured.activePath === 'string' ? structured.activePath : state.activePath;
  const folder = structured.folder as { saveAllAvailable?: unknown } | undefined;
  const folderWritable =
    typeof folder?.saveAllAvailable === 'boolean' ? folder.saveAllAvailable : state.folderWritable;
  return {
    ...(revision === undefined ? {} : { revision }),
    ...(documentRevision === undefined ? {} : { documentRevision }),
    ...(activePath === undefined ? {} : { activePath }),
    ...(folderWritable === undefined ? {} : { folderWritable }),
  };
}

/**
 * The offline agent driver: plans prompts without a model and calls tools through the model call
 * path.
 */
export const localAgent: AgentDriver = {
  id: 'local',
  async run({ prompt, tools, context, signal, selection, emit, workspace: readWorkspace }) {
    if (selection) {
      emit({
        id: `${context.sessionId}-selection`,
        role: 'assistant',
        text: `Context: the selected element ${selection.selector}.`,
      });
    }
    const intent = planLocalAgentRequest(prompt);
    const listed = await listAllTools(tools, { signal });
    const names = new Set(listed.ok ? listed.value.map((tool) => tool.name) : []);
    const steps = surfaceSteps(intent, names) ?? stepsFor(intent);
    const workspace = await readWorkspace?.();
    // A plan that cannot succeed here is not run: the reply says what the page can do instead.
    const misfit = workspace && intentMisfit(intent, workspace);
    if (steps.length === 0 || misfit) {
      // Only recipes whose tools are listed here and that can succeed on the workspace.
      const offered = LOCAL_AGENT_RECIPES.filter(
        (recipe) =>
          recipe.tools.every((name) => names.has(name)) &&
          (!workspace || !recipe.fits || recipe.fits(workspace)),
      );
      emit({
        id: `${context.sessionId}-help`,
        role: 'assistant',
        text: misfit
          ? `${misfit} Here is what I can do on this page:`
          : unknownRequestText(prompt, accentFits(workspace)),
        suggestions: nearestRecipes(prompt, offered).map(({ id, label, prompt: text }) => ({
          id,
          label,
          prompt: text,
        })),
      });
      return { status: 'completed' };
    }
    let state: StepState = {};
    let last = '';
    for (const [index, step] of steps.entries()) {
      const toolCallId = `local-${context.sessionId}-${index + 1}`;
      const name = typeof step.name === 'string' ? step.name : step.name(state);
      const result = await tools.executeModelToolCall(
        { id: toolCallId, name, arguments: step.arguments(state) },
        { signal, context },
      );
      emit(toolTranscriptMessage(toolCallId, name, toolCallId, result));
      if (result.error) return { status: 'failed', error: result.error };
      state = observe(state, result);
      last = name;
    }
    emit({ id: `${context.sessionId}-done`, role: 'assistant', text: `Done: ${last}.` });
    return { status: 'completed' };
  },
};
