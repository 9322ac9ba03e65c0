import { describe, it } from 'node:test';
import { expect } from 'chai';
import { ESLint } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM script without type declarations
import { importCycles } from '../scripts/check-cycles.mjs';

mkdirSync('.tmp', { recursive: true });

/**
 * The layer rules of eslint.config.js (docs/architecture.md), run by ESLint itself on small
 * fixture modules placed, by file path, inside each layer.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const use = (specifier: string) => `import * as imported from '${specifier}';\nvoid imported;\n`;

describe('layer boundaries (eslint.config.js)', () => {
  const cases: [layer: string, file: string, specifier: string][] = [
    ['runtime', 'src/runtime/workspace/bad.ts', '../../storage/workspace/indexeddb-repository.js'],
    ['runtime', 'src/runtime/workspace/bad.ts', '../../bridge/sandbox/index.js'],
    ['runtime', 'src/runtime/bad.ts', '../elements/shared/runtime-context.js'],
    ['runtime', 'src/runtime/bad.ts', '../composition/studio-runtime.js'],
    ['runtime', 'src/runtime/bad.ts', 'idb'],
    ['runtime', 'src/runtime/bad.ts', 'lit'],
    ['elements', 'src/elements/explorer/bad.ts', '../../storage/folder/file-system-access.js'],
    ['bridge', 'src/bridge/mcp/bad.ts', '../../elements/studio/studio.js'],
    ['storage', 'src/storage/folder/bad.ts', '../../elements/shared/focus.js'],
    ['runtime', 'src/runtime/bad.ts', '../host/host-paths.js'],
    ['elements', 'src/elements/explorer/bad.ts', '../../host/host-folder.js'],
    ['composition', 'src/composition/bad.ts', '../elements/studio/studio.js'],
    ['composition', 'src/composition/bad.ts', 'lit'],
    ['composition', 'src/composition/bad.ts', '../bridge/sandbox/index.js'],
    ['host', 'src/host/bad.ts', '../bridge/mcp/index.js'],
    ['host', 'src/host/bad.ts', '../elements/shared/focus.js'],
    ['host', 'src/host/bad.ts', 'idb'],
  ];
  for (const [layer, file, specifier] of cases) {
    it(`rejects ${specifier} in ${layer}`, async () => {
      const messages = await restricted(file, use(specifier));
      expect(messages, `${file} → ${specifier}`).to.have.length(1);
      expect(messages[0]).to.include(`src/${layer}`);
    });
  }

  it('accepts the imports each layer is allowed', async () => {
    expect(
      await restricted('src/elements/explorer/good.ts', use('../../runtime/index.js')),
    ).to.deep.equal([]);
    expect(
      await restricted('src/elements/studio/good.ts', use('../../composition/studio-runtime.js')),
    ).to.deep.equal([]);
    expect(
      await restricted('src/storage/folder/good.ts', use('../../runtime/workspace/index.js')),
    ).to.deep.equal([]);
    expect(
      await restricted('src/composition/good.ts', use('../storage/folder/browser-folders.js')),
    ).to.deep.equal([]);
    expect(
      await restricted('src/host/good.ts', use('../storage/folder/folder-scan.js')),
    ).to.deep.equal([]);
  });
});

describe('runtime domain doors (eslint.config.js)', () => {
  const internals: [file: string, specifier: string][] = [
    ['src/elements/explorer/bad.ts', '../../runtime/workspace/state.js'],
    ['src/bridge/sandbox/bad.ts', '../../runtime/preview/errors.js'],
    ['src/bridge/sandbox/frame/bad.ts', '../../../runtime/registry/registry.js'],
    ['src/storage/folder/bad.ts', '../../runtime/workspace/paths.js'],
    ['src/composition/bad.ts', '../runtime/agents/openrouter/agent.js'],
    ['src/host/bad.ts', '../runtime/carrier/protocol.js'],
  ];
  for (const [file, specifier] of internals) {
    it(`rejects the domain internal ${specifier} in ${file}`, async () => {
      const messages = await restricted(file, use(specifier));
      expect(messages).to.have.length(1);
      expect(messages[0]).to.include('domain door');
    });
  }

  it('accepts a door, a sub-domain door, the ca-runtime element and imports inside the core', async () => {
    const allowed: [string, string][] = [
      ['src/elements/explorer/good.ts', '../../runtime/workspace/index.js'],
      ['src/composition/good.ts', '../runtime/agents/openrouter/index.js'],
      ['src/elements/studio/good.ts', '../runtime/runtime.element.js'],
      ['src/runtime/registry/good.ts', '../workspace/state.js'],
    ];
    for (const [file, specifier] of allowed) {
      expect(await restricted(file, use(specifier)), `${file} → ${specifier}`).to.deep.equal([]);
    }
  });
});

describe('import cycles (scripts/check-cycles.mjs, part of npm run lint)', () => {
  it('finds a cycle made of type-only imports', async () => {
    const dir = mkdtempSync(join('.tmp', 'cycles-'));
    try {
      writeFileSync(
        join(dir, 'a.ts'),
        "import type { B } from './b.js';\nexport type A = { b?: B };\n",
      );
      writeFileSync(
        join(dir, 'b.ts'),
        "import type { A } from './a.js';\nexport type B = { a?: A };\n",
      );
      writeFileSync(join(dir, 'c.ts'), "import type { A } from './a.js';\nexport type C = A;\n");
      expect(await importCycles(dir)).to.deep.equal([['a.ts', 'b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
