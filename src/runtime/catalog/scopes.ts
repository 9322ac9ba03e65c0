/**
 * Catalog search and scopes (E6): narrow the canonical `tools/list` definitions without
 * changing discovery or execution. Scopes come from annotations and name namespaces only.
 */
import type { MCPToolDefinition } from '../protocol/types.js';

/** The scopes the catalog can narrow its list to. */
export const CATALOG_SCOPES = ['all', 'read-only', 'workspace', 'preview'] as const;
/** One catalog scope. */
export type CatalogScope = (typeof CATALOG_SCOPES)[number];

/** How many tools each catalog scope holds. */
export type CatalogScopeCounts = Record<CatalogScope, number>;

/** The namespace of a tool name: what comes before its first dot (`workspace.readFile` → `workspace`). */
export function toolNamespace(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? '' : name.slice(0, dot);
}

/** Whether a tool belongs to a catalog scope, judged by its annotations and name namespace. */
export function isInCatalogScope(definition: MCPToolDefinition, scope: CatalogScope): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'read-only':
      return definition.annotations?.readOnlyHint === true;
    case 'workspace':
    case 'preview':
      return toolNamespace(definition.name) === scope;
  }
}

/** A definition matches when every whitespace-separated term is in its name, title or description. */
export function matchesCatalogQuery(definition: MCPToolDefinition, query: string): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = [
    definition.name,
    definition.title ?? '',
    definition.annotations?.title ?? '',
    definition.description,
  ]
    .join('\n')
    .toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** How many of `definitions` fall in each scope. */
export function countCatalogScopes(definitions: readonly MCPToolDefinition[]): CatalogScopeCounts {
  const counts: CatalogScopeCounts = { all: 0, 'read-only': 0, workspace: 0, preview: 0 };
  for (const definition of definitions) {
    for (const scope of CATALOG_SCOPES) if (isInCatalogScope(definition, scope)) counts[scope]++;
  }
  return counts;
}

/** The catalog after a search: what to show and how many tools each scope holds. */
export interface CatalogView {
  /** Definitions matching the query and the scope, in listing order. */
  visible: MCPToolDefinition[];
  /** Per-scope counts of the definitions that match the query. */
  counts: CatalogScopeCounts;
}

/**
 * Narrows tool definitions to a search query and scope, without changing discovery or execution.
 */
export function filterCatalog(
  definitions: readonly MCPToolDefinition[],
  query: string,
  scope: CatalogScope,
): CatalogView {
  const matching = definitions.filter((definition) => matchesCatalogQuery(definition, query));
  return {
    visible: matching.filter((definition) => isInCatalogScope(definition, scope)),
    counts: countCatalogScopes(matching),
  };
}
