import { expect, fixture } from '@open-wc/testing';
import { a11ySnapshot, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

interface AxNode {
  role: string;
  name?: string;
  level?: number;
  children?: AxNode[];
}

const all = (node: AxNode): AxNode[] => [node, ...(node.children ?? []).flatMap(all)];

describe('<ca-studio> landmarks on a desktop', () => {
  it('each panel is a region named like its tab, holding a heading of that name', async () => {
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
    const tree = (await a11ySnapshot({})) as unknown as AxNode;
    const regions = all(tree).filter((node) => node.role === 'region');
    for (const name of ['Files', 'Code', 'Preview', 'Chat', 'Trace']) {
      const region = regions.find((node) => node.name === name);
      const names = regions.map((node) => node.name).join(', ');
      expect(region !== undefined, `a region named ${name} in ${names}`).to.equal(true);
      const headings = all(region!).filter((node) => node.role === 'heading');
      expect(
        headings.map((node) => node.name),
        `${name}'s headings`,
      ).to.include(name);
    }
  });
});
