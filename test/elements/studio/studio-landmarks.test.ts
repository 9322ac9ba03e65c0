import { expect, fixture } from '@open-wc/testing';
import { a11ySnapshot, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { itIn } from '../../support/engines.js';
import { uniqueName, waitFor } from '../../support/wait.js';

interface AxNode {
  role: string;
  name?: string;
  level?: number;
  children?: AxNode[];
}

const all = (node: AxNode): AxNode[] => [node, ...(node.children ?? []).flatMap(all)];

const PANELS = ['Files', 'Code', 'Preview', 'Chat', 'Trace'];

async function desktopStudio(): Promise<CaStudio> {
  await setViewport({ width: 1280, height: 800 });
  const wrapper = await fixture<HTMLDivElement>(
    `<div style="height: 760px"><ca-studio database-name="${uniqueName('landmarks')}"></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  await studio.updateComplete;
  await studio.runtime!.ready;
  await waitFor(
    () => studio.shadowRoot!.querySelector('ca-editor')?.shadowRoot?.querySelector('.cm-editor'),
    'the editor',
  );
  return studio;
}

/** Headings' texts in a subtree, through open shadow roots. */
function headings(root: ParentNode): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [
    ...(/^H[1-6]$/.test(element.tagName) || element.getAttribute('role') === 'heading'
      ? [element.textContent?.trim() ?? '']
      : []),
    ...(element.shadowRoot ? headings(element.shadowRoot) : []),
  ]);
}

describe('<ca-studio> landmarks on a desktop', () => {
  it('marks each panel up as a region named like its tab, holding a heading of that name', async () => {
    const studio = await desktopStudio();
    for (const name of PANELS) {
      const region = studio.shadowRoot!.querySelector(`[role="region"][aria-label="${name}"]`);
      expect(region, `a region named ${name}`).to.not.equal(null);
      const inside = [
        ...headings(region!),
        ...(region!.shadowRoot ? headings(region!.shadowRoot) : []),
      ];
      expect(inside, `${name}'s headings`).to.include(name);
    }
  });

  // The browser's own accessibility tree, read through CDP, which only Chromium's driver has.
  itIn(['chromium'], 'the accessibility tree is read through CDP')(
    'each panel is a region named like its tab, holding a heading of that name',
    async () => {
      await desktopStudio();
      const tree = (await a11ySnapshot({})) as unknown as AxNode;
      const regions = all(tree).filter((node) => node.role === 'region');
      for (const name of PANELS) {
        const region = regions.find((node) => node.name === name);
        const names = regions.map((node) => node.name).join(', ');
        expect(region !== undefined, `a region named ${name} in ${names}`).to.equal(true);
        const found = all(region!).filter((node) => node.role === 'heading');
        expect(
          found.map((node) => node.name),
          `${name}'s headings`,
        ).to.include(name);
      }
    },
  );
});
