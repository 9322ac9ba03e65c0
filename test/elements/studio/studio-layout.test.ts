import { expect, fixture } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { PALETTES } from '../../../src/elements/shared/theme.js';
import { layoutKey } from '../../../src/elements/studio/layout.js';
import { itIn } from '../../support/engines.js';
import { uniqueName, waitFor } from '../../support/wait.js';

// Panels, splitters, the single column of tabs and the themes.

const shadow = (studio: CaStudio) => studio.shadowRoot!;
const inner = <T extends Element = HTMLElement>(studio: CaStudio, selector: string) =>
  waitFor(() => shadow(studio).querySelector<T>(selector), selector);
const shows = (element: Element | null) =>
  !!element && element.getBoundingClientRect().width > 0 && element.checkVisibility();
const separator = (studio: CaStudio, controls: string) =>
  inner(studio, `[role="separator"][aria-controls="panel-${controls}"]`);

async function mount(attributes: string, database = uniqueName('layout')) {
  const wrapper = await fixture<HTMLDivElement>(
    `<div style="width: 1200px; height: 760px"><ca-studio database-name="${database}" ${attributes}></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  // The wrapper's fixture does not wait for the studio; its runtime arrives with its chunk.
  await studio.updateComplete;
  await studio.runtime!.ready;
  return studio;
}

before(() => setViewport({ width: 1280, height: 900 }));
afterEach(() => emulateMedia({ colorScheme: 'light' }));

describe('<ca-studio> panels', () => {
  it('shows only the panels named in markup, and follows a change at run time', async () => {
    const studio = await mount('panels="editor preview"');
    const panel = (name: string) => shadow(studio).getElementById(`panel-${name}`);
    await waitFor(() => shows(panel('editor')) && shows(panel('preview')), 'editor and preview');
    for (const name of ['explorer', 'chat', 'trace'])
      expect(shows(panel(name)), name).to.equal(false);
    // The one splitter left sits between the two panels that show.
    expect(shadow(studio).querySelectorAll('[role="separator"]')).to.have.length(1);

    studio.setAttribute('panels', 'explorer chat');
    await studio.updateComplete;
    expect(shows(panel('explorer'))).to.equal(true);
    expect(shows(panel('chat'))).to.equal(true);
    for (const name of ['editor', 'preview', 'trace'])
      expect(shows(panel(name)), name).to.equal(false);
    // Explorer and chat are in different rows: only the row splitter remains.
    expect(
      [...shadow(studio).querySelectorAll('[role="separator"]')].map((el) =>
        el.getAttribute('aria-controls'),
      ),
    ).to.deep.equal(['panel-work']);
  });
});

describe('<ca-studio> splitters', () => {
  it('resize from the keyboard: arrows, Shift+arrows, Home and End, with aria-valuenow', async () => {
    const studio = await mount('');
    const splitter = await separator(studio, 'explorer');
    const explorer = shadow(studio).getElementById('panel-explorer')!;
    expect(splitter.getAttribute('aria-orientation')).to.equal('vertical');
    expect(splitter.getAttribute('aria-valuemin')).to.equal('10');
    expect(splitter.getAttribute('aria-valuemax')).to.equal('90');
    const start = Number(splitter.getAttribute('aria-valuenow'));
    const width = explorer.getBoundingClientRect().width;

    splitter.focus();
    await sendKeys({ press: 'ArrowRight' });
    await studio.updateComplete;
    expect(Number(splitter.getAttribute('aria-valuenow'))).to.equal(start + 2);
    expect(explorer.getBoundingClientRect().width).to.be.greaterThan(width);

    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ up: 'Shift' });
    await studio.updateComplete;
    expect(Number(splitter.getAttribute('aria-valuenow'))).to.equal(start - 8);

    await sendKeys({ press: 'End' });
    await studio.updateComplete;
    expect(splitter.getAttribute('aria-valuenow')).to.equal('90');
    await sendKeys({ press: 'Home' });
    await studio.updateComplete;
    expect(splitter.getAttribute('aria-valuenow')).to.equal('10');
    expect(explorer.getBoundingClientRect().width).to.be.lessThan(width);
  });

  it('follows a pointer drag and keeps where it was released', async () => {
    const database = uniqueName('layout-drag');
    const studio = await mount('', database);
    const splitter = await separator(studio, 'editor');
    const start = Number(splitter.getAttribute('aria-valuenow'));
    const box = splitter.getBoundingClientRect();
    const [x, y] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x - 120, y] });
    await sendMouse({ type: 'up' });
    await studio.updateComplete;
    const dragged = Number(splitter.getAttribute('aria-valuenow'));
    expect(dragged).to.be.lessThan(start - 10);
    const kept = JSON.parse(localStorage.getItem(layoutKey(database))!) as Record<string, number>;
    expect(Math.round((kept.editor! / (kept.editor! + kept.preview!)) * 100)).to.equal(dragged);
  });

  it('moves the rows with Up and Down and keeps the sizes per workspace', async () => {
    const database = uniqueName('layout-kept');
    const studio = await mount('', database);
    const rows = await separator(studio, 'work');
    expect(rows.getAttribute('aria-orientation')).to.equal('horizontal');
    const start = Number(rows.getAttribute('aria-valuenow'));
    rows.focus();
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    await studio.updateComplete;
    expect(Number(rows.getAttribute('aria-valuenow'))).to.equal(start - 4);
    expect(localStorage.getItem(layoutKey(database))).to.be.a('string');

    studio.parentElement!.remove();
    const again = await mount('', database);
    expect(Number((await separator(again, 'work')).getAttribute('aria-valuenow'))).to.equal(
      start - 4,
    );
    // Another workspace starts from the defaults.
    const other = await mount('');
    expect(Number((await separator(other, 'work')).getAttribute('aria-valuenow'))).to.equal(start);
  });
});

describe('<ca-studio> single column of tabs', () => {
  it('switches by its own width, not the window’s, with tablist semantics and arrow keys', async () => {
    const studio = await mount('');
    expect(shadow(studio).querySelector('[role="tablist"]')).to.equal(null);
    studio.parentElement!.style.width = '480px';
    const tablist = await inner(studio, '[role="tablist"]');
    const tabs = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.map((tab) => tab.textContent!.trim())).to.deep.equal([
      'Files',
      'Code',
      'Preview',
      'Chat',
      'Trace',
    ]);
    expect(shadow(studio).querySelector('[role="separator"]')).to.equal(null);
    const panelOf = (tab: HTMLElement) =>
      shadow(studio).getElementById(tab.getAttribute('aria-controls')!)!;
    for (const tab of tabs) {
      const panel = panelOf(tab);
      expect(panel.getAttribute('role')).to.equal('tabpanel');
      expect(panel.getAttribute('aria-labelledby')).to.equal(tab.id);
    }
    // It opens on the preview.
    expect(tabs[2]!.getAttribute('aria-selected')).to.equal('true');
    expect(shows(panelOf(tabs[2]!))).to.equal(true);
    expect(shows(panelOf(tabs[0]!))).to.equal(false);
    tabs[0]!.click();
    await studio.updateComplete;
    expect(shows(panelOf(tabs[0]!))).to.equal(true);
    expect(shows(panelOf(tabs[1]!))).to.equal(false);

    tabs[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await studio.updateComplete;
    expect(tabs[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(tabs[1]!.tabIndex).to.equal(0);
    expect(tabs[0]!.tabIndex).to.equal(-1);
    expect(shadow(studio).activeElement).to.equal(tabs[1]);
    expect(shows(panelOf(tabs[1]!))).to.equal(true);
    expect(shows(panelOf(tabs[0]!))).to.equal(false);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    await studio.updateComplete;
    expect(shadow(studio).activeElement).to.equal(tabs[4]);
    await sendKeys({ press: 'Home' });
    await studio.updateComplete;
    expect(tabs[0]!.getAttribute('aria-selected')).to.equal('true');

    studio.parentElement!.style.width = '1200px';
    await waitFor(() => !shadow(studio).querySelector('[role="tablist"]'), 'the wide layout');
    // Side by side, a panel is a region named like its tab, no longer a tab's panel.
    expect(shadow(studio).getElementById('panel-editor')!.getAttribute('role')).to.equal('region');
    expect(shadow(studio).getElementById('panel-editor')!.getAttribute('aria-label')).to.equal(
      'Code',
    );
  });
});

/** Boxes that overlap by more than a hair. */
function overlaps(boxes: ReadonlyArray<readonly [string, DOMRect]>): string[] {
  const found: string[] = [];
  boxes.forEach(([a, one], index) => {
    for (const [b, two] of boxes.slice(index + 1)) {
      const x = Math.min(one.right, two.right) - Math.max(one.left, two.left);
      const y = Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top);
      if (x > 0.5 && y > 0.5) found.push(`${a} × ${b}`);
    }
  });
  return found;
}

describe('<ca-studio> on a 390×844 phone', () => {
  after(() => setViewport({ width: 1280, height: 900 }));

  it('shows every tab with no overlapping boxes and nothing past the screen edge', async () => {
    await setViewport({ width: 390, height: 844 });
    const wrapper = await fixture<HTMLDivElement>(
      `<div style="height: 844px"><ca-studio database-name="${uniqueName('phone')}"></ca-studio></div>`,
    );
    const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
    await studio.updateComplete;
    await studio.runtime!.ready;
    const tablist = await inner(studio, '[role="tablist"]');
    const root = shadow(studio);
    const header = root.querySelector('.bar')!;
    for (const tab of tablist.querySelectorAll<HTMLElement>('[role="tab"]')) {
      tab.click();
      await studio.updateComplete;
      const panel = root.getElementById(tab.getAttribute('aria-controls')!)!;
      await waitFor(() => shows(panel), `${tab.textContent} to show`);
      const boxes: Array<[string, DOMRect]> = [
        ...[...header.children]
          .filter((child) => shows(child))
          .map((child): [string, DOMRect] => [child.localName, child.getBoundingClientRect()]),
        ['tablist', tablist.getBoundingClientRect()],
        [panel.id, panel.getBoundingClientRect()],
        ['status-bar', root.querySelector('ca-status-bar')!.getBoundingClientRect()],
      ];
      // Inside the preview: its toolbar and its frame.
      if (panel.localName === 'ca-preview') {
        for (const part of ['toolbar', 'frame']) {
          boxes.push([
            part,
            panel.shadowRoot!.querySelector(`[part="${part}"]`)!.getBoundingClientRect(),
          ]);
        }
        boxes.splice(
          boxes.findIndex(([name]) => name === panel.id),
          1,
        );
      }
      expect(overlaps(boxes), `${tab.textContent} tab`).to.deep.equal([]);
      for (const [name, box] of boxes) {
        expect(box.left, name).to.be.at.least(0);
        expect(box.right, name).to.be.at.most(390.5);
        expect(box.height, name).to.be.greaterThan(0);
      }
    }
    // The panel gets a usable share of the screen, not a collapsed strip.
    const explorer = root.getElementById('panel-explorer')!;
    (root.getElementById('tab-explorer') as HTMLElement).click();
    await studio.updateComplete;
    expect(explorer.getBoundingClientRect().height).to.be.greaterThan(300);
    expect(explorer.getBoundingClientRect().width).to.be.greaterThan(360);
  });
});

const background = (element: Element) => getComputedStyle(element).backgroundColor;
const rgb = (hex: string) => {
  const probe = document.createElement('div');
  probe.style.color = hex;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
};

describe('<ca-studio> themes', () => {
  it('draws light and dark from the --ca-* palette, CodeMirror and the preview chrome included', async () => {
    const studio = await mount('theme="dark"');
    const editor = await inner(studio, 'ca-editor');
    const cm = await waitFor(() => editor.shadowRoot!.querySelector('.cm-editor'), 'CodeMirror');
    const preview = await inner(studio, 'ca-preview');
    const toolbar = preview.shadowRoot!.querySelector('[part="toolbar"]')!;
    const darkClasses = cm.className;
    expect(background(cm)).to.equal(rgb(PALETTES.dark['--ca-color-background']!));
    expect(background(toolbar)).to.equal(rgb(PALETTES.dark['--ca-color-surface']!));
    expect(getComputedStyle(studio).colorScheme).to.equal('dark');

    studio.theme = 'light';
    await studio.updateComplete;
    await waitFor(() => cm.className !== darkClasses, 'CodeMirror to switch its theme');
    expect(background(cm)).to.equal(rgb(PALETTES.light['--ca-color-background']!));
    expect(background(toolbar)).to.equal(rgb(PALETTES.light['--ca-color-surface']!));
    studio.setAttribute('theme', 'dark');
    await waitFor(() => cm.className === darkClasses, 'CodeMirror back in dark');
  });

  // Elsewhere the explicit themes below run; only the live switch needs emulation.
  itIn(['chromium'], 'prefers-color-scheme emulation needs CDP')(
    'follows prefers-color-scheme live with theme="auto"',
    async () => {
      const studio = await mount('theme="auto"');
      const cm = await waitFor(
        () => shadow(studio).querySelector('ca-editor')?.shadowRoot?.querySelector('.cm-editor'),
        'CodeMirror',
      );
      const lightClasses = cm.className;
      expect(background(studio)).to.equal(rgb(PALETTES.light['--ca-color-surface']!));
      await emulateMedia({ colorScheme: 'dark' });
      await waitFor(
        () => background(studio) === rgb(PALETTES.dark['--ca-color-surface']!),
        'the dark palette',
      );
      await waitFor(() => cm.className !== lightClasses, 'CodeMirror in dark');
      await emulateMedia({ colorScheme: 'light' });
      await waitFor(() => cm.className === lightClasses, 'CodeMirror back in light');
    },
  );

  for (const theme of ['light', 'dark']) {
    it(`passes axe, colour contrast included, in the ${theme} theme`, async () => {
      const studio = await mount(`theme="${theme}"`);
      await waitFor(
        () => shadow(studio).querySelector('ca-editor')?.shadowRoot?.querySelector('.cm-content'),
        'CodeMirror',
      );
      await expect(studio).to.be.accessible();
    });
  }

  it('lets the page override a token on the studio element', async () => {
    const studio = await mount('theme="dark" style="--ca-color-surface: #102030"');
    expect(background(studio)).to.equal('rgb(16, 32, 48)');
  });
});
