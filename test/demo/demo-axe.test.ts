import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../support/wait.js';

// axe-core on every demo page, as a person opens it from the built bundle (run after a build):
// light and dark, a desktop window and a phone, closed and with each dialog and menu the page
// can open. One page load per page and size; themes and dialogs change in place.

interface Axe {
  run(context: Node, options: object): Promise<{ violations: AxeViolation[] }>;
}
interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}
type Frame = HTMLIFrameElement & { contentWindow: Window & { axe?: Axe } };
type Lit = HTMLElement & { updateComplete?: Promise<unknown> };

const PAGES = ['index.html', 'web-coding.html', 'live-editor.html', 'tsx.html', 'configure.html'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const WCAG_22_AA = {
  type: 'tag',
  values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
};
// A theme changes colours only: the light theme runs every rule, the dark one the colour rules.
const COLOUR_RULES = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };
const THEMES = [
  { theme: 'light', rules: WCAG_22_AA },
  { theme: 'dark', rules: COLOUR_RULES },
];

/** The first match of `selectors`, each one looked up inside the previous match's shadow root. */
function deep<T extends Element = HTMLElement>(from: ParentNode, ...selectors: string[]): T | null {
  let at: ParentNode | null = from;
  for (const selector of selectors) {
    // The page's nodes come from the frame's realm: `instanceof Element` would not match them.
    const scope: ParentNode = (at as Element).shadowRoot ?? at;
    at = scope.querySelector(selector);
    if (!at) return null;
  }
  return at as T | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every custom element in the document and its shadow roots, for their pending updates. */
function litElements(root: ParentNode): Lit[] {
  return [...root.querySelectorAll<Lit>('*')].flatMap((element) => [
    ...(element.localName.includes('-') ? [element] : []),
    ...(element.shadowRoot ? litElements(element.shadowRoot) : []),
  ]);
}

async function settle(doc: Document): Promise<void> {
  await Promise.all(litElements(doc).map((element) => element.updateComplete));
  await pause(30);
}

async function load(page: string, size: (typeof SIZES)[number]): Promise<Frame> {
  const frame = document.createElement('iframe') as Frame;
  frame.title = page;
  frame.style.cssText = `position: fixed; inset: 0 auto auto 0; border: 0; width: ${size.width}px; height: ${size.height}px`;
  frame.src = `/demo/${page}`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const doc = frame.contentDocument!;
  const script = doc.createElement('script');
  script.src = '/node_modules/axe-core/axe.min.js';
  doc.head.append(script);
  await new Promise((resolve) => script.addEventListener('load', resolve, { once: true }));
  await waitFor(
    () =>
      [
        ...doc.querySelectorAll<HTMLElement & { runtime?: { capabilities?: unknown } }>(
          'ca-studio',
        ),
      ].every((studio) => studio.runtime?.capabilities !== undefined) &&
      deep(doc, 'ca-studio', 'ca-editor', '.cm-content'),
    `${page} to start`,
    15000,
  );
  await settle(doc);
  return frame;
}

/** The violations axe finds in the frame's page, one line each naming where and what. */
async function audit(frame: Frame, scope: Node, rules: object, state: string): Promise<string[]> {
  const doc = frame.contentDocument!;
  await settle(doc);
  const { violations } = await frame.contentWindow.axe!.run(scope, {
    runOnly: rules,
    // The preview's frame shows the workspace's own page, not the studio.
    iframes: false,
    resultTypes: ['violations'],
  });
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${state}: ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`,
    ),
  );
}

function setTheme(doc: Document, theme: string): void {
  for (const studio of doc.querySelectorAll('ca-studio')) studio.setAttribute('theme', theme);
}

/**
 * One state of the page: how to reach it and how to leave it as it was. `open` resolves to what
 * to audit: the element holding what opened (the rest of the page, inert behind a modal dialog or
 * unchanged, is audited closed), the whole page (`document`), or `false` where this studio has no
 * such state (a panel, tool or menu it leaves out).
 */
interface State {
  name: string;
  open(studio: HTMLElement): Promise<Node | false>;
  close(studio: HTMLElement): Promise<unknown>;
}

const click = (element: Element | null, what: string) => {
  if (!element) throw new Error(`No ${what}`);
  (element as HTMLElement).click();
};
const isOpen = (dialog: HTMLDialogElement | null) => !!dialog?.open;
const openDialog = (from: Element, ...path: string[]) =>
  waitFor(
    () => {
      const dialog = deep<HTMLDialogElement>(from, ...path);
      return isOpen(dialog) && dialog;
    },
    `${path.join(' › ')} open`,
    // An approval waits for the local agent's run, slow on a loaded machine.
    10000,
  );
const closed = (from: Element, ...path: string[]) =>
  waitFor(() => !isOpen(deep<HTMLDialogElement>(from, ...path)), `${path.join(' › ')} closed`);

/** On a phone a panel shows only while its tab is selected. */
async function showPanel(studio: HTMLElement, panel: string): Promise<void> {
  const tab = deep(studio, `#tab-${panel}`);
  if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
  await (studio as Lit).updateComplete;
}

/** A header action: a toolbar button on a desktop, an item of the Actions menu on a phone. */
async function headerAction(studio: HTMLElement, label: RegExp): Promise<void> {
  const actions = deep(studio, 'ca-workspace-actions')!;
  const menuButton = deep(actions, '[part="menu-button"]');
  if (menuButton) {
    menuButton.click();
    await waitFor(() => !deep(actions, '[role="menu"]')!.hidden, 'the Actions menu');
  }
  const candidates = [
    ...actions.shadowRoot!.querySelectorAll<HTMLElement>('button'),
    ...actions.querySelectorAll<HTMLElement>('button'),
    ...studio.shadowRoot!.querySelectorAll<HTMLElement>('.bar > button'),
  ];
  click(
    candidates.find((button) => label.test(button.textContent!.trim())) ?? null,
    `header action ${label}`,
  );
}

const EXPLORER_DIALOG = ['ca-explorer', 'dialog'];

function explorerDialog(name: string, button: RegExp): State {
  return {
    name,
    async open(studio) {
      const explorer = deep(studio, 'ca-explorer');
      if (!explorer) return false;
      await showPanel(studio, 'explorer');
      const buttons = [
        ...explorer.shadowRoot!.querySelectorAll<HTMLButtonElement>('.toolbar button'),
      ];
      const found = buttons.find((each) => button.test(each.textContent!.trim()));
      if (!found || found.disabled) return false;
      found.click();
      await openDialog(studio, ...EXPLORER_DIALOG);
      return explorer;
    },
    async close(studio) {
      click(deep(studio, ...EXPLORER_DIALOG, '[data-action="cancel"]'), 'Cancel');
      await closed(studio, ...EXPLORER_DIALOG);
    },
  };
}

const DESTRUCTIVE_SAMPLES = ['workspace.deleteFile', 'workspace.revertFile', 'workspace.reset'];

/** Every dialog and menu a studio with the built-in layout can open. */
const STATES: State[] = [
  { name: 'closed', open: async (studio) => studio.ownerDocument, close: async () => {} },
  {
    name: 'Actions menu',
    async open(studio) {
      // A phone's header folds its actions into this menu; a desktop has none.
      const button = deep(studio, 'ca-workspace-actions', '[part="menu-button"]');
      if (!button) return false;
      button.click();
      await waitFor(() => !deep(studio, 'ca-workspace-actions', '[role="menu"]')!.hidden, 'menu');
      // The rest of the page is as audited closed.
      return deep(studio, 'ca-workspace-actions')!;
    },
    async close(studio) {
      const button = deep(studio, 'ca-workspace-actions', '[part="menu-button"]');
      if (button?.getAttribute('aria-expanded') === 'true') button.click();
      await (deep(studio, 'ca-workspace-actions') as Lit).updateComplete;
    },
  },
  {
    name: 'Model settings',
    open: async (studio) => {
      await headerAction(studio, /^Model/);
      await openDialog(studio, 'ca-settings', 'dialog');
      return deep(studio, 'ca-settings')!;
    },
    close: async (studio) => {
      (deep(studio, 'ca-settings') as HTMLElement & { close(): void }).close();
      await closed(studio, 'ca-settings', 'dialog');
    },
  },
  {
    name: 'Reset confirmation',
    open: async (studio) => {
      await headerAction(studio, /^Reset/);
      await openDialog(studio, 'ca-workspace-actions', 'dialog');
      return deep(studio, 'ca-workspace-actions')!;
    },
    close: async (studio) => {
      click(deep(studio, 'ca-workspace-actions', 'dialog [data-action="cancel"]'), 'Cancel');
      await closed(studio, 'ca-workspace-actions', 'dialog');
    },
  },
  {
    name: 'Search',
    open: async (studio) => {
      click(deep(studio, 'ca-status-bar', '[part="search-button"]'), 'Search');
      await openDialog(studio, 'ca-status-bar', 'ca-search', 'dialog');
      return deep(studio, 'ca-status-bar', 'ca-search')!;
    },
    close: async (studio) => {
      (deep(studio, 'ca-status-bar', 'ca-search') as HTMLElement & { close(): void }).close();
      await closed(studio, 'ca-status-bar', 'ca-search', 'dialog');
    },
  },
  {
    // Where the browser links folders itself the companion's dialog shows only for an offer in
    // the address (the link the companion prints); a malformed one shows its error.
    name: 'Host companion with an error',
    async open(studio) {
      studio.ownerDocument.defaultView!.location.hash = 'ca-host-offer=not-an-offer';
      (studio as Lit & { requestUpdate(): void }).requestUpdate();
      await openDialog(studio, 'ca-host-connect', 'dialog');
      const option = deep(studio, 'ca-host-connect')!;
      await waitFor(() => deep(option, '[part="error"]'), 'the offer error');
      return option;
    },
    async close(studio) {
      const option = deep(studio, 'ca-host-connect')!;
      (option as HTMLElement & { open: boolean }).open = false;
      await closed(studio, 'ca-host-connect', 'dialog');
    },
  },
  explorerDialog('New file', /^New file/),
  explorerDialog('Rename', /^Rename/),
  explorerDialog('Delete confirmation', /^Delete/),
  {
    name: 'Tools panel and its destructive-run confirmation',
    async open(studio) {
      if ((studio as HTMLElement & { catalogOpen: boolean }).catalogOpen !== true)
        await headerAction(studio, /^Tools/);
      const catalog = await waitFor(() => deep(studio, 'ca-catalog'), 'the Tools panel');
      await showPanel(studio, 'catalog');
      await waitFor(() => deep(catalog, '[role="option"]'), 'the catalog list');
      const option = DESTRUCTIVE_SAMPLES.map((name) =>
        deep(catalog, `[role="option"][data-name="${name}"]`),
      ).find(Boolean);
      // A studio whose tools are all read-only has no confirmation: the open panel is audited.
      if (!option) return catalog;
      option.click();
      click(await waitFor(() => deep(catalog, '[data-action="run"]'), 'Run sample'), 'Run sample');
      await openDialog(catalog, 'dialog.confirm');
      return catalog;
    },
    async close(studio) {
      const catalog = deep(studio, 'ca-catalog')!;
      if (!isOpen(deep(catalog, 'dialog.confirm'))) return;
      click(deep(catalog, 'dialog.confirm [data-action="cancel"]'), 'Cancel');
      await closed(catalog, 'dialog.confirm');
    },
  },
  {
    name: 'Approval with its change shown',
    async open(studio) {
      await showPanel(studio, 'chat');
      const starter = await waitFor(
        () => deep<HTMLElement>(studio, 'ca-chat', 'button.starter'),
        'a starter',
      );
      starter.click();
      await openDialog(studio, 'ca-approval', 'dialog');
      const show = await waitFor(
        () => deep<HTMLElement>(studio, 'ca-approval', '[part="show-change"]'),
        'Show change',
      );
      show.click();
      await (deep(studio, 'ca-approval') as Lit).updateComplete;
      return deep(studio, 'ca-approval')!;
    },
    async close(studio) {
      click(deep(studio, 'ca-approval', '[part="deny"]'), 'Deny');
      await closed(studio, 'ca-approval', 'dialog');
    },
  },
];

before(async () => {
  // The demo pages load the script-tag build; `npm test` builds before its browser tests.
  const built = await fetch('/dist/ca-studio.js', { method: 'HEAD' });
  if (!built.ok) throw new Error('No dist/ca-studio.js: run `npm run build` first.');
  // Room for the largest frame, so none of it is off screen.
  await setViewport({ width: 1300, height: 860 });
});

describe('the demo pages pass axe (WCAG 2.2 A/AA, colour contrast included)', function () {
  this.timeout(120000);
  for (const page of PAGES) {
    for (const size of SIZES) {
      it(`${page} at ${size.width}×${size.height}: light and dark, closed and with every dialog open`, async () => {
        const frame = await load(page, size);
        const doc = frame.contentDocument!;
        const found: string[] = [];
        try {
          // configure.html's first studio has the built-in layout with every header action;
          // the others are audited closed.
          const studio = doc.querySelector<HTMLElement>('ca-studio')!;
          for (const state of STATES) {
            const scope = await state.open(studio);
            if (scope === false) continue;
            for (const { theme, rules } of THEMES) {
              setTheme(doc, theme);
              found.push(...(await audit(frame, scope, rules, `${state.name}, ${theme}`)));
            }
            await state.close(studio);
          }
        } finally {
          frame.remove();
        }
        expect(found).to.deep.equal([]);
      });
    }
  }
});
