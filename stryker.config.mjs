// Mutation testing of the registry core (`npm run test:mutation`, docs/mutation-testing.md).
// The node tests of these folders run under mocha inside Stryker's workers (test/support/spec.ts
// picks mocha's describe/it when they exist), so a mutant costs a test rerun, not a new process.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'src/runtime/registry/**/*.ts',
    'src/runtime/approval/**/*.ts',
    'src/runtime/durable/**/*.ts',
  ],
  testRunner: 'mocha',
  mochaOptions: {
    spec: [
      // The fuzz suite is left out: it covers every mutant and would rerun for each one.
      'test/runtime/registry/!(fuzz).shared.test.ts',
      'test/runtime/registry/mcp-result.node.test.ts',
      'test/runtime/durable/http-side-effect.node.test.ts',
      'test/runtime/approval/*.shared.test.ts',
      'test/runtime/durable/*.shared.test.ts',
      'test/runtime/protocol/*.shared.test.ts',
      'test/runtime/catalog/*.shared.test.ts',
      'test/runtime/tools/workspace/policy.shared.test.ts',
    ],
  },
  testRunnerNodeArgs: ['--import', 'tsx'],
  // Mutants that do not compile are dropped before any test runs; the checker compiles only
  // the mutated folders (and what they import), not the whole project.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  // Module-level constants would need a fresh process and every test for each mutant.
  ignoreStatic: true,
  coverageAnalysis: 'perTest',
  // The machine is shared; the tests mostly wait on timers and sockets, so four workers (one
  // checker, three runners) cost little CPU.
  concurrency: 4,
  // A rerun retests only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: '.tmp/mutation/incremental.json',
  timeoutMS: 10000,
  tempDirName: '.tmp/stryker',
  // Keeps other runs' sandboxes and reports (each folder can run in its own temp dir) out of
  // the sandbox copy.
  ignorePatterns: ['/.tmp'],
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.tmp/mutation/index.html' },
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  thresholds: { high: 90, low: 80, break: 80 },
};
