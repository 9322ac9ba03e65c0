import { LitElement, html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { DEFAULT_STUDIO_DATABASE } from '../../composition/default-database.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { refreshPreviews } from '../shared/refresh-previews.js';
import {
  ownedRuntimeProperty,
  RuntimeOwner,
  type RuntimeChangeDetail,
} from '../shared/runtime-owner.js';
import { blueprintFromAttributes } from '../shared/runtime-blueprint.js';
import { starterNotice } from '../shared/starter-notice.js';
import { StarterNoticeController } from '../shared/starter-notice-controller.js';
import { runtimeStyles } from './runtime.styles.js';

/**
 * Owns one runtime configured by attributes and provides it to every element inside through
 * `@lit/context`; elements elsewhere in the document link to it with `runtime="ID"`. It draws
 * no box of its own (`display: contents`), only the starter-file notice when there is one.
 * Starter files are `<script type="ca-file" path="…">` and `<template data-path="…">` children,
 * or a same-origin `src` manifest. The runtime is disposed when the element leaves the document
 * for good; moving it within one task keeps it.
 *
 * @tagname ca-runtime
 * @summary A runtime for the elements inside it or linked to it, configured by HTML alone.
 * @attr workspace - IndexedDB database that holds the workspace (`<name>-operations` holds durable operation records). Default: `context-action-workspace`. Changing it creates a new runtime.
 * @attr storage - `indexeddb` (default; memory where IndexedDB is missing) or `memory` (this page only). Changing it creates a new runtime.
 * @attr agent - Who answers prompts: `local` (the offline agent), `openrouter` (the saved key's model; the local agent, with a notice in the mode badge, while no key is saved), `endpoint` (the site's model server at `agent-endpoint`) or `none` (prompts explain that no agent is configured). Default: `endpoint` when `agent-endpoint` is set, else OpenRouter when a key is saved, else local.
 * @attr agent-endpoint - URL of the site's model server, which speaks the AI SDK UI message stream protocol (`createAgentHandler` from `@context-action/elements/agent-server`, or any AI SDK chat route); the key stays on that server. Sets `agent` to `endpoint` unless `agent` says otherwise.
 * @attr tools - Space-separated tool names or `prefix.*` globs that agents and MCP clients may see and call (others fail with `TOOL_NOT_ALLOWED`). A person's own actions are unaffected. Default: every tool.
 * @attr readonly - Every tool that changes the workspace refuses with `TOOL_READ_ONLY`, for every caller.
 * @attr collab - URL of a collaboration server (`wss://…`; see docs/collaboration.md) to share the workspace with everyone in `room`: their changes arrive as revisions traced with source `remote`, this studio's reach them, and presence shows who is here. Needs `room`. Without both, nothing is shared and no collaboration code loads. The room's token can only be given from code (`createStudioRuntime({ collab: { url, room, token } })`). Changing it creates a new runtime.
 * @attr room - The collaboration room (1–128 of `A-Z a-z 0-9 . _ -`) to join on the `collab` server. Changing it creates a new runtime.
 * @attr src - Same-origin URL of a starter manifest, `{ "files": [{ "path": "index.html", "text": "…" }] }`, added to the starter files in the markup.
 * @attr import-map - The site's import map as JSON (`{ "imports": { "lit": "https://cdn.example/lit@3/index.js" } }`; the `importMap` property also takes the object) for every `<ca-preview>` this element provides for that has no `import-map` of its own: bare specifiers the workspace does not hold resolve through it, and exactly the origins of its URLs join the preview's `script-src`. A map with a wildcard host, another scheme than `https:`/`http:` or a relative URL is refused whole (`PREVIEW_IMPORT_MAP_INVALID` in the preview's diagnostics). Default: none, and the preview stays offline.
 * @attr preview-shell - Address of the preview shell document (`preview-shell.html` from the package's `dist/`) your site serves with the header `Connection-Allowlist: ()`, for every `<ca-preview>` this element provides for that has no `preview-shell` of its own (see docs/preview-security.md).
 * @fires ca-runtime-change - The runtime this element provides changed: created, recreated after `workspace`, `storage`, `collab` or `room` changed (pending approvals are denied), replaced through `.runtime`, or disposed. Detail: `{ runtime: StudioRuntime | undefined }`.
 * @slot - The elements that use this runtime, in any layout.
 * @csspart starter-notice - The starter-file notice: a refused set, or changed starter files with Reset and Keep.
 */
export class CaRuntime extends LitElement {
  static override styles = runtimeStyles;

  @property({ reflect: true }) workspace = DEFAULT_STUDIO_DATABASE;
  @property() storage: string | null = null;
  @property() agent: string | null = null;
  @property({ attribute: 'agent-endpoint' }) agentEndpoint: string | null = null;
  @property() tools: string | null = null;
  @property({ converter: booleanAttribute }) readonly = false;
  @property() src: string | null = null;
  @property() collab: string | null = null;
  @property() room: string | null = null;
  /** The preview shell document's address, for the previews inside (`<ca-preview>`). */
  @property({ attribute: 'preview-shell' }) previewShell: string | null = null;
  /** The site's import map for the previews this element provides for (JSON text or object). */
  @property({ attribute: 'import-map' }) importMap: string | object | null = null;

  private readonly starter = new StarterNoticeController(this);
  private readonly owner = new RuntimeOwner(
    this,
    () => blueprintFromAttributes(this, this.workspace),
    this.starter,
  );

  /**
   * The runtime it provides: created from the attributes when the element connects, once its
   * code (a chunk loaded in parallel with the first render) has arrived; `await
   * element.updateComplete` waits for it. Setting it from code provides yours instead (the
   * attributes then no longer apply) and disposes the one this element created.
   */
  @ownedRuntimeProperty() runtime?: StudioRuntime;

  /** Also waits for the runtime this element creates, so code that awaits it can use it. */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.owner.updateComplete(() => super.getUpdateComplete());
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('importMap')) refreshPreviews(this);
  }

  protected override render() {
    return html`${starterNotice(this.starter)}<slot></slot>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-runtime-change': CustomEvent<RuntimeChangeDetail>;
  }
}
