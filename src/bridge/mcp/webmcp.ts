/**
 * WebMCP: the registry's listed tools registered with the browser's own model context
 * (`document.modelContext`, or `navigator.modelContext` where a browser puts it there), so an
 * agent built into the browser can call them. Calls run through the registry with source
 * `webmcp`, so policy and approval apply as to any other caller; each answers with an MCP
 * `CallToolResult`. Shaped as the WebMCP draft has it: `registerTool` resolves once the tool is
 * registered (or rejects: a name already taken), an `AbortSignal` in its options unregisters,
 * and the annotations are the draft's two. Registrations follow the registry's list and end on
 * dispose.
 */
import {
  toMCPCallToolResult,
  type MCPCallToolResult,
  type ToolRegistry,
} from '../../runtime/registry/index.js';
import { type ToolCallContext, isPlainObject } from '../../runtime/protocol/index.js';

/** The annotations the WebMCP draft defines (`ToolAnnotations`). */
export interface WebMCPToolAnnotations {
  /** The tool changes nothing. */
  readOnlyHint: boolean;
  /** The result holds data the page's author does not vouch for. */
  untrustedContentHint: boolean;
}

/** A tool as `registerTool` takes it (the draft's `ModelContextTool`). */
export interface WebMCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: WebMCPToolAnnotations;
  execute(input: unknown): Promise<MCPCallToolResult>;
}

/**
 * The part of the browser's model context this module uses: `registerTool` resolves once the
 * tool is registered; aborting the signal unregisters it.
 */
export interface WebMCPModelContext {
  registerTool(tool: WebMCPTool, options?: { signal?: AbortSignal }): Promise<unknown> | unknown;
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
  /** Names the browser accepted in the latest round of registration. */
  readonly names: readonly string[];
  /** Settles once every registration of the latest round has resolved or been refused. */
  readonly ready: Promise<void>;
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
 * none. A tool the browser refuses (a name another script took, say) is left out of `names`;
 * the others still register. Every result is marked `untrustedContentHint`: it carries workspace
 * text and file names that a model, a collaborator or an opened folder wrote, which the page's
 * author cannot vouch for.
 */
export function exposeRegistryToWebMCP(
  registry: ToolRegistry,
  options: WebMCPOptions = {},
): WebMCPRegistration | undefined {
  const modelContext = options.modelContext ?? findModelContext();
  if (!modelContext) return undefined;
  const context: ToolCallContext = {
    ...options.context,
    source: 'webmcp',
    mode: options.context?.mode ?? 'agent',
  };
  let current = new AbortController();
  let names: string[] = [];
  let ready: Promise<void> = Promise.resolve();
  let disposed = false;
  let pending = false;

  const register = () => {
    current.abort();
    current = new AbortController();
    const { signal } = current;
    const accepted: string[] = [];
    names = accepted;
    const registrations = registry.toMCP().map(async (definition) => {
      const tool: WebMCPTool = {
        name: definition.name,
        ...(definition.title === undefined ? {} : { title: definition.title }),
        description: definition.description,
        inputSchema: definition.inputSchema,
        annotations: {
          readOnlyHint: definition.annotations?.readOnlyHint === true,
          untrustedContentHint: true,
        },
        execute: async (input) =>
          toMCPCallToolResult(
            await registry.callTool(definition.name, isPlainObject(input) ? input : (input ?? {}), {
              context,
            }),
          ),
      };
      try {
        await modelContext.registerTool(tool, { signal });
        if (!signal.aborted) accepted.push(definition.name);
      } catch {
        // Refused by the browser, or unregistered before it resolved: the others still count.
      }
    });
    ready = Promise.all(registrations).then(() => {});
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
    get ready() {
      return ready;
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
