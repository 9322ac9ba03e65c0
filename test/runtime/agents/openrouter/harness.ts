/**
 * A studio runtime in Node (memory workspace and operations) whose agent is the OpenRouter agent
 * pointed at a scripted chat-completions server, with short retry delays.
 */
import { createMemoryDurableOperationBackend } from '../../../../src/runtime/durable/memory-backend.js';
import type { AgentProgress } from '../../../../src/runtime/agents/agent-types.js';
import {
  createOpenRouterAgent,
  type OpenRouterAgentOptions,
} from '../../../../src/runtime/agents/openrouter/agent.js';
import {
  createOpenRouterSettingsStore,
  type OpenRouterSettingsPatch,
} from '../../../../src/runtime/agents/openrouter/settings.js';
import { createStudioRuntime } from '../../../../src/composition/studio-runtime.js';
import { startChatCompletionsServer } from '../../../support/chat-completions-server.js';

export async function openRouterStudio(
  options: {
    agent?: Partial<OpenRouterAgentOptions>;
    settings?: OpenRouterSettingsPatch;
    /** Approve every approval request as it arrives (default true). */
    approve?: boolean;
  } = {},
) {
  const server = await startChatCompletionsServer();
  const settings = createOpenRouterSettingsStore({ storage: null, events: null });
  const configured = settings.update({
    apiKey: 'sk-or-test',
    endpoint: server.endpoint,
    model: 'test/model',
    ...options.settings,
  });
  if (!configured.ok) throw new Error(configured.error.message);
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    openrouterSettings: settings,
    agent: createOpenRouterAgent({
      settings: settings.getSnapshot,
      retryDelaysMs: [1, 1],
      ...options.agent,
    }),
  });
  await runtime.ready;

  const toolEvents: string[] = [];
  runtime.registry.subscribe((event) =>
    toolEvents.push(`${event.type} ${event.request.params.name}`),
  );
  const progress: AgentProgress[] = [];
  runtime.agent.subscribe(() => {
    const latest = runtime.agent.getSnapshot().progress;
    if (latest && latest !== progress.at(-1)) progress.push(latest);
  });
  const decisions: string[] = [];
  // A person answering the approval card, one tick after it appears.
  runtime.approvals.connect();
  runtime.approvals.store.subscribe(() =>
    queueMicrotask(() => {
      for (const pending of runtime.approvals.store.getSnapshot()) {
        const decision = options.approve === false ? 'denied' : 'approved';
        if (runtime.approvals.resolve(pending.id, decision))
          decisions.push(`${decision} ${pending.toolName}`);
      }
    }),
  );

  return {
    server,
    settings,
    runtime,
    toolEvents,
    progress,
    decisions,
    async close() {
      runtime.dispose();
      await server.close();
    },
  };
}
