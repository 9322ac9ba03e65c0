/** The migration domain's door: what other layers may import of it. */
export {
  CAPABILITY_MIGRATION_VERSION,
  type CapabilityToken,
  type CapabilityTokenInput,
  createCapabilityToken,
  isProbedMigration,
  type MigrationProbeExpectation,
  type MigrationTarget,
  type MigrationTargetReport,
  type ProbedMigration,
  probeMigrationTarget,
} from './capability-token.js';
export {
  checkMigrationRecipe,
  createMigrationRecipe,
  digestMigrationRecipe,
  type MigrationRecipe,
  type MigrationRecipeInput,
} from './recipe.js';
