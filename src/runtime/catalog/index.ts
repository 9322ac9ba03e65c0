export {
  CATALOG_SCOPES,
  type CatalogScope,
  type CatalogScopeCounts,
  type CatalogView,
  countCatalogScopes,
  filterCatalog,
  isInCatalogScope,
  matchesCatalogQuery,
  toolNamespace,
} from './scopes.js';
export {
  type DefaultPolicyOutcome,
  type DefaultPolicySummary,
  summarizeDefaultPolicy,
} from './policy-summary.js';
export {
  type ParsedSampleArguments,
  parseSampleArguments,
  type SampleArgumentsContext,
  sampleToolArguments,
} from './sample-arguments.js';
export {
  catalogDefinitionJson,
  catalogFileName,
  catalogListJson,
  toolCallRequestJson,
} from './exports.js';
