/**
 * WebMCP: the registry's listed tools registered with the browser's own model context
 * (`document.modelContext`, or `navigator.modelContext` where a browser puts it there), so an
 * agent built into the browser can call them. Calls run through the registry with source
 * `webmcp`, so policy and approval apply as to any other caller; each answers with an MCP
 * `CallToolResult`. Registrations follow the registry's list and end on dispose.
 */
import {
  toMCPCallToolResult,
  type MCPCallToolResult,
  type ToolRegistry,
} from '../../runtime/registry/index.js';
import {
  type ToolAnnotations,
  type ToolCallContext,
  isPlainObject,
} from '../../runtime/protocol/index.js';

/** A tool as `registerTool` takes it. */
export interface WebMCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: ToolAnnotations;
  execute(input: unknown, client?: unknown): Promise<MCPCallToolResult>;
}

/** The part of the browser's model context this module uses; unregistration is by signal. */
export interface WebMCPModelContext {
  registerTool(tool: WebMCPTool, options?: { signal?: AbortSignal }): unknown;
}

/** Which model context to register with and the call context tools run with. */
export interface WebMCPOptions {
  /** Default: `document.modelContext ?? navigator.modelContext`; nothing happens without one. */
  modelContext?: WebMCPModelContext;
  /** Merged into every call's context; `source` is always `webmcp`, `mode` defaults to `agent`. */
  context?: Omit<Partial<ToolCallContext>, 'source'>;
}

/** The registry's tools as registered with the browser's model context. */
export interface WebMCPRegistration {
  /** Names registered now. */
  readonly names: readonly string[];
  /** Unregisters every tool and stops following the registry. */
  dispose(): void;
}

const isModelContext = (value: unknown): value is WebMCPModelContext =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { registerTool?: unknown }).registerTool === 'function';

/** The page's model context, when the browser offers one. */
export function findModelContext(): WebMCPModelContext | undefined {
  const fromDocument =
    typeof document === 'undefined'
      ? undefined
      : (document as unknown as { modelContext?: unknown }).modelContext;
  if (isModelContext(fromDocument)) return fromDocument;
  const fromNavigator =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as unknown as { modelContext?: unknown }).modelContext;
  return isModelContext(fromNavigator) ? fromNavigator : undefined;
}

/**
 * Registers every listed tool with the page's model context; `undefined` when the page has
 * none. A tool the browser refuses (a name another script took, say) is skipped.
 */
export function exposeRegistryToWebMCP(
  registry: ToolRegistry,
  options: WebMCPOptions = {},
): WebMCPRegistration | undefined {
  const modelContext = options.modelContext ?? findModelContext();
  if (!modelContext) return undefined;
  const context: Partial<ToolCallContext> = {
    mode: 'agent',
    ...options.context,
    source: 'webmcp',
  };
  let current = new AbortController();
  let names: string[] = [];
  let disposed = false;
  let pending = false;

  const register = () => {
    current.abort();
    current = new AbortController();
    const { signal } = current;
    names = [];
    for (const definition of registry.toMCP()) {
      const tool: WebMCPTool = {
        name: definition.name,
        ...(definition.title === undefined ? {} : { title: definition.title }),
        description: definition.description,
        inputSchema: definition.inputSchema,
        ...(definition.annotations === undefined ? {} : { annotations: definition.annotations }),
        execute: async (input) =>
          toMCPCallToolResult(
            await registry.callTool(definition.name, isPlainObject(input) ? input : (input ?? {}), {
              context,
            }),
          ),
      };
      try {
        void Promise.resolve(modelContext.registerTool(tool, { signal })).catch(() => {});
        names.push(definition.name);
      } catch {
        // Refused by the browser: the other tools still register.
      }
    }
  };

  // Many registrations in one task (a studio starting up) become one re-registration.
  const stopListening = registry.onListChange(() => {
    if (pending || disposed) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      if (!disposed) register();
    });
  });
  register();

  return {
    get names() {
      return [...names];
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      stopListening();
      current.abort();
      names = [];
    },
  };
}
