import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WebMCPRegistration } from '../../bridge/mcp/webmcp.js';
import type { ToolRegistry } from '../../runtime/registry/index.js';
import { whenIdle } from './idle.js';

/** A registry to expose, and the signal of the runtime it belongs to. */
export interface WebMCPSource {
  registry: ToolRegistry;
  /** Aborted when the runtime is disposed: its registrations end then, connected or not. */
  signal: AbortSignal;
}

/**
 * Registers its host's registry with the browser's model context (WebMCP) while connected and
 * until the runtime is disposed. `select` is read on every update, so a runtime that arrives
 * late, or an opt-out attribute set later (`undefined` from `select`), is followed.
 */
export class WebMCPController implements ReactiveController {
  private registry?: ToolRegistry;
  private registration?: WebMCPRegistration;
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly select: () => WebMCPSource | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.follow();
  }

  hostUpdated(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.follow();
  }

  private follow(): void {
    const source = this.connected ? this.select() : undefined;
    const next = source?.signal.aborted ? undefined : source?.registry;
    if (next === this.registry) return;
    this.registration?.dispose();
    this.registration = undefined;
    this.registry = next;
    if (!next || !source || !mayHaveModelContext()) return;
    source.signal.addEventListener('abort', () => this.follow(), { once: true });
    // The WebMCP bridge loads only where the browser has a model context to register with, and
    // registers once the page is idle: listing every tool's JSON Schema takes tens of ms.
    void import('../../bridge/mcp/webmcp.js').then(({ exposeRegistryToWebMCP }) =>
      whenIdle(() => {
        if (this.registry === next && !this.registration)
          this.registration = exposeRegistryToWebMCP(next);
      }),
    );
  }
}

/** Whether the browser has a `modelContext` (the bridge checks its shape once loaded). */
function mayHaveModelContext(): boolean {
  return 'modelContext' in document || 'modelContext' in navigator;
}
