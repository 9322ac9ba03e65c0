import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';

const FOLDERS = readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const sourceOf = (folder: string) =>
  readFileSync(`src/elements/${folder}/${folder}.element.ts`, 'utf8');
const OWNERS = ['runtime', 'studio'];

/** Every `export type|interface …` of src/elements, by name: the text up to its first `;`/`{`. */
const declared = new Map(
  readdirSync('src/elements', { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .flatMap((path) => [
      ...readFileSync(`src/elements/${path}`, 'utf8').matchAll(
        /export (?:type|interface) (\w+)([^;{]*)/g,
      ),
    ])
    .map(([, name, rest]) => [name!, rest!.trim()] as const),
);

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
  modules: Array<{
    declarations?: Array<{
      tagName?: string;
      members?: Array<{ name: string; description?: string; type?: { text: string } }>;
    }>;
  }>;
};

describe('the runtime property of every element', () => {
  it('is declared one way: runtimeProperty() where it is used, ownedRuntimeProperty() where it is owned', () => {
    const declarations = FOLDERS.map((folder) => {
      const line = /^\s*(@\w+\([^)]*\))\s*(?:get )?runtime\b.*$/m.exec(sourceOf(folder));
      return [folder, line?.[1]];
    });
    expect(declarations).to.deep.equal(
      FOLDERS.map((folder) => [
        folder,
        OWNERS.includes(folder) ? '@ownedRuntimeProperty()' : '@runtimeProperty()',
      ]),
    );
  });

  it('is typed ElementRuntime, StudioRuntime, or a RuntimeView picked from StudioRuntime', () => {
    const offRule = FOLDERS.flatMap((folder) => {
      const type = /^\s*@\w+\(\) runtime\?: (\w+);$/m.exec(sourceOf(folder))?.[1] ?? '(none)';
      if (type === 'ElementRuntime' || type === 'StudioRuntime') return [];
      return declared.get(type)?.startsWith('= RuntimeView<') ? [] : [`${folder}: ${type}`];
    });
    expect(offRule).to.deep.equal([]);
  });

  it('is documented with its type in custom-elements.json (run `npm run build`)', () => {
    const elements = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .filter((declaration) => declaration.tagName);
    const undocumented = elements
      .filter((element) => {
        const runtime = element.members?.find((member) => member.name === 'runtime');
        return !runtime?.description || !runtime.type?.text.endsWith('Runtime | undefined');
      })
      .map((element) => element.tagName);
    expect(elements.length).to.equal(FOLDERS.length);
    expect(undocumented).to.deep.equal([]);
  });
});
