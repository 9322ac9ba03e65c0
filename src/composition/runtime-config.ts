/**
 * What a runtime lets callers do, changeable while it runs: which agent answers prompts, which
 * tools agents and MCP clients may use, and read-only mode. `<ca-runtime>` and `<ca-studio>`
 * write it from their `agent`, `tools` and `readonly` attributes.
 */
/**
 * `auto` (no `agent` attribute): OpenRouter when a key is saved, else local. `openrouter` is the
 * same choice but says so when it falls back; `local` never calls a provider; `endpoint` runs the
 * site's own model server at `agentEndpoint`; `none` refuses.
 */
export type AgentMode = 'auto' | 'local' | 'openrouter' | 'endpoint' | 'none';

/** Every value the `agent` attribute accepts. */
export const AGENT_MODES: readonly AgentMode[] = [
  'auto',
  'local',
  'openrouter',
  'endpoint',
  'none',
];

/**
 * What a running studio lets callers do: which agent answers, which tools agents may use, and
 * read-only mode.
 */
export interface RuntimeConfig {
  agent: AgentMode;
  /** The site's model server (the `agent-endpoint` attribute); `null`: none. */
  agentEndpoint: string | null;
  /** Tool names and `prefix.*` globs agents and MCP clients may use; `null`: every tool. */
  tools: readonly string[] | null;
  readOnly: boolean;
}

/** The runtime config as a store the elements read, subscribe to and change. */
export interface RuntimeConfigStore {
  getSnapshot(): RuntimeConfig;
  subscribe(listener: () => void): () => void;
  set(patch: Partial<RuntimeConfig>): void;
}

/** Creates a runtime config store, starting from the defaults with `initial` applied over them. */
export function createRuntimeConfigStore(initial: Partial<RuntimeConfig> = {}): RuntimeConfigStore {
  let config: RuntimeConfig = {
    agent: 'auto',
    agentEndpoint: null,
    tools: null,
    readOnly: false,
    ...initial,
  };
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => config,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(patch) {
      config = { ...config, ...patch };
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A `tools` attribute as patterns: whitespace-separated; absent or blank means every tool. */
export function parseToolPatterns(value: string | null | undefined): readonly string[] | null {
  const patterns = value?.split(/\s+/).filter(Boolean) ?? [];
  return patterns.length ? patterns : null;
}

/**
 * An `agent` attribute as a mode; anything unknown is `auto`, or `endpoint` when the page names
 * a model server (`agent-endpoint`).
 */
export function parseAgentMode(
  value: string | null | undefined,
  endpoint?: string | null,
): AgentMode {
  return AGENT_MODES.find((mode) => mode === value) ?? (endpoint ? 'endpoint' : 'auto');
}
