import { expect } from 'chai';
import {
  describeElements,
  reactTypes,
  svelteTypes,
  vueTypes,
  withBubbledEvents,
} from '../../scripts/framework-types.mjs';
import { describe, it } from '../support/spec.js';

/** The manifest entries of three real elements, read against their real source folders. */
const element = (tag: string, name: string, path: string, events: string[]) => ({
  path,
  declarations: [
    {
      customElement: true,
      tagName: tag,
      name,
      events: events.map((event) => ({ name: event, description: `${event} happened.` })),
    },
  ],
});
const MANIFEST = {
  modules: [
    element('ca-studio', 'CaStudio', 'src/elements/studio/studio.element.ts', [
      'ca-runtime-change',
    ]),
    element('ca-trace', 'CaTrace', 'src/elements/trace/trace.element.ts', ['ca-trace-clear']),
    element('ca-approval', 'CaApproval', 'src/elements/approval/approval.element.ts', [
      'ca-approval-decide',
    ]),
  ],
};

describe('framework typings include the events that bubble out of a container', () => {
  const sourceOf = (tag: string) =>
    MANIFEST.modules.find((module) => module.declarations[0]!.tagName === tag)?.path;
  const elements = withBubbledEvents(describeElements(MANIFEST), sourceOf);
  const studio = elements.find((entry) => entry.tag === 'ca-studio')!;

  it('gives <ca-studio> the events of the elements it renders, after its own', () => {
    expect(studio.events.map((event) => event.name)).to.deep.equal([
      'ca-runtime-change',
      'ca-approval-decide',
      'ca-trace-clear',
    ]);
  });
  it('leaves an element that renders none of them with its own events', () => {
    const trace = elements.find((entry) => entry.tag === 'ca-trace')!;
    expect(trace.events.map((event) => event.name)).to.deep.equal(['ca-trace-clear']);
  });
  it('types the bubbled events for React, Vue and Svelte', () => {
    const studioBlock = (text: string) => text.slice(text.indexOf('CaStudio'));
    expect(reactTypes(elements)).to.contain(
      "'onca-trace-clear'?: (event: HTMLElementEventMap['ca-trace-clear']) => void;",
    );
    expect(studioBlock(svelteTypes(elements))).to.contain("'onca-approval-decide'?:");
    expect(vueTypes(elements)).to.contain("'onCaTraceClear'?:");
  });
});
