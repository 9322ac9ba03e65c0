import { expect, fixture } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/** sRGB channels of a computed colour: `rgb(…)`, `rgba(…)` or `color(srgb …)`. */
function channels(color: string): [number, number, number] {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(color);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255];
  const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(color);
  if (!rgb) throw new Error(`Unparsed colour ${color}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
}

function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = channels(color).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

async function mount(theme: 'light' | 'dark') {
  const wrapper = await fixture<HTMLDivElement>(
    `<div style="width: 1200px; height: 760px"><ca-studio theme="${theme}" database-name="${uniqueName('visual')}"></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  await studio.updateComplete;
  await studio.runtime!.ready;
  return studio;
}

const inChat = (studio: CaStudio, selector: string) =>
  waitFor(
    () =>
      studio.shadowRoot!.querySelector('ca-chat')!.shadowRoot?.querySelector<HTMLElement>(selector),
    selector,
  );

before(() => setViewport({ width: 1280, height: 900 }));

describe('visual access', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`prompt field and chip borders reach 3:1 and the placeholder 4.5:1 (${theme})`, async () => {
      const studio = await mount(theme);
      const textarea = await inChat(studio, 'textarea');
      const chip = await inChat(studio, '.recipes button');
      const field = getComputedStyle(textarea);
      expect(contrast(field.borderTopColor, field.backgroundColor)).to.be.at.least(3);
      const chipStyle = getComputedStyle(chip);
      expect(contrast(chipStyle.borderTopColor, chipStyle.backgroundColor)).to.be.at.least(3);
      const placeholder = getComputedStyle(textarea, '::placeholder').color;
      expect(contrast(placeholder, field.backgroundColor)).to.be.at.least(4.5);
    });
  }

  it('gives explorer rows a target of at least 24 px', async () => {
    const studio = await mount('light');
    const explorer = studio.shadowRoot!.querySelector('ca-explorer')!;
    const row = await waitFor(
      () => explorer.shadowRoot?.querySelector<HTMLElement>('[role="treeitem"]'),
      'a row',
    );
    expect(row.getBoundingClientRect().height).to.be.at.least(24);
  });

  // The Chrome launcher cannot emulate forced colours (a Playwright-only switch): the rules
  // the browser applies in that mode are read from the shadow roots' own style sheets.
  it('keeps splitters, their focus and the selected tabs visible in forced colours', async () => {
    const studio = await mount('light');
    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    await waitFor(() => editor.shadowRoot, 'the editor');
    const forcedRules = (root: ShadowRoot) =>
      root.adoptedStyleSheets
        .flatMap((sheet) => [...sheet.cssRules])
        .filter(
          (rule): rule is CSSMediaRule =>
            rule instanceof CSSMediaRule && rule.conditionText.includes('forced-colors: active'),
        )
        .flatMap((rule) => [...rule.cssRules] as CSSStyleRule[]);
    const studioRules = forcedRules(studio.shadowRoot!);
    const rule = (rules: CSSStyleRule[], selector: string) =>
      rules.find((candidate) => candidate.selectorText === selector)?.style;
    expect(rule(studioRules, '.splitter')?.borderTopStyle).to.equal('solid');
    expect(rule(studioRules, '.splitter:focus-visible')?.outlineColor).to.equal('highlight');
    expect(rule(studioRules, '[role="tab"][aria-selected="true"]')?.borderBottomColor).to.equal(
      'highlight',
    );
    const editorRules = forcedRules(editor.shadowRoot!);
    expect(rule(editorRules, '[role="tab"][aria-selected="true"]')?.borderTopColor).to.equal(
      'highlight',
    );
  });
});
