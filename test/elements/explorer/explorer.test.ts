import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/explorer/explorer.js';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import {
  button,
  dialogClosed,
  focusedPath,
  openDialog,
  paths,
  retype,
  root,
  row,
  rows,
  setup,
  textOf,
} from './explorer-support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

describe('<ca-explorer> (E3, E8)', () => {
  it('is accessible', async () => {
    const { element } = await setup();
    await row(element, 'index.html');
    await expect(element).to.be.accessible();
  });

  describe('the tree', () => {
    it('nests folders and lists folders first, then files, both sorted', async () => {
      const { element } = await setup();
      await row(element, 'index.html');
      expect(rows(element).map((item) => [item.dataset['path'], item.ariaLevel])).to.deep.equal([
        ['assets', '1'],
        ['assets/notes.md', '2'],
        ['src', '1'],
        ['src/lib', '2'],
        ['src/lib/util.js', '3'],
        ['src/app.js', '2'],
        ['index.html', '1'],
        ['styles.css', '1'],
      ]);
      expect(root(element).querySelector('[role="tree"]')).not.to.equal(null);
      expect((await row(element, 'src')).getAttribute('aria-expanded')).to.equal('true');
    });

    it('marks the open file and keeps one row in the tab order', async () => {
      const { element } = await setup();
      const active = await row(element, 'index.html');
      expect(active.getAttribute('aria-selected')).to.equal('true');
      expect(rows(element).filter((item) => item.tabIndex === 0)).to.deep.equal([active]);
    });

    it('collapses and expands a folder on click', async () => {
      const { element } = await setup();
      (await row(element, 'src')).click();
      await waitFor(
        () => !rows(element).some((item) => item.dataset['path'] === 'src/app.js'),
        'collapse',
      );
      expect((await row(element, 'src')).getAttribute('aria-expanded')).to.equal('false');
      (await row(element, 'src')).click();
      await row(element, 'src/app.js');
    });

    it('moves with arrows, Home and End, closes and opens folders, and Enter opens a file', async () => {
      const { runtime, element } = await setup();
      (await row(element, 'index.html')).focus();
      await sendKeys({ press: 'Home' });
      await waitFor(() => focusedPath(element) === 'assets', 'Home');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => focusedPath(element) === 'src', 'ArrowDown');
      await sendKeys({ press: 'ArrowLeft' });
      await waitFor(() => (rows(element).length === 5 ? true : undefined), 'src to close');
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => (rows(element).length === 8 ? true : undefined), 'src to open');
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => focusedPath(element) === 'src/lib', 'ArrowRight enters the folder');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowLeft' });
      await waitFor(() => focusedPath(element) === 'src/lib', 'ArrowLeft goes to the parent');
      await sendKeys({ press: 'End' });
      await waitFor(() => focusedPath(element) === 'styles.css', 'End');
      const opened = oneEvent(element, 'ca-file-open');
      await sendKeys({ press: 'Enter' });
      expect((await opened).detail).to.deep.equal({ path: 'styles.css' });
      expect(runtime.workspace.getSnapshot().activePath).to.equal('styles.css');
      await waitFor(
        async () => (await row(element, 'styles.css')).getAttribute('aria-selected') === 'true',
        'the open file marked',
      );
    });

    it('fires ca-file-open when a person opens a file, not for openFile() from code', async () => {
      const { runtime, element } = await setup();
      const opened: string[] = [];
      element.addEventListener('ca-file-open', (event) => opened.push(event.detail.path));
      expect(await element.openFile('src/app.js')).to.equal(true);
      expect(runtime.workspace.getSnapshot().activePath).to.equal('src/app.js');
      expect(opened).to.deep.equal([]);
      (await row(element, 'styles.css')).click();
      await waitFor(() => opened.length === 1, 'the event');
      expect(opened).to.deep.equal(['styles.css']);
    });

    it('marks unsaved files with text for screen readers', async () => {
      const { runtime, element } = await setup();
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'src/app.js',
        text: 'console.log(2);',
      });
      const edited = await row(element, 'src/app.js');
      await waitFor(() => edited.querySelector('.dirty'), 'the dirty marker');
      expect(edited.querySelector('.visually-hidden')?.textContent).to.equal(', unsaved');
      expect((await row(element, 'index.html')).querySelector('.dirty')).to.equal(null);
    });
  });

  describe('file dialogs', () => {
    it('creates a file through the New file dialog', async () => {
      const { runtime, element } = await setup();
      const opener = button(element, 'New file');
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await openDialog(element);
      await sendKeys({ type: 'pages/about.html' });
      await sendKeys({ press: 'Enter' });
      await dialogClosed(element);
      expect(paths(runtime)).to.include('pages/about.html');
      await row(element, 'pages/about.html');
      expect(root(element).activeElement).to.equal(opener);
    });

    it('shows the tool error for a bad path and keeps the dialog open', async () => {
      const { runtime, element } = await setup();
      button(element, 'New file').click();
      await openDialog(element);
      await sendKeys({ type: '../escape.html' });
      await sendKeys({ press: 'Enter' });
      const alert = await waitFor(
        () => root(element).querySelector('dialog [role="alert"]'),
        'the error',
      );
      expect(alert.textContent).to.contain('WORKSPACE_PATH_INVALID');
      expect(root(element).querySelector('dialog[open]')).not.to.equal(null);
      expect(paths(runtime)).not.to.include('escape.html');
    });

    it('Escape cancels a dialog, changes nothing and gives focus back', async () => {
      const { runtime, element } = await setup();
      const before = runtime.workspace.getSnapshot().revision;
      (await row(element, 'styles.css')).focus();
      await sendKeys({ press: 'F2' });
      await openDialog(element);
      await retype('renamed.css');
      await sendKeys({ press: 'Escape' });
      await dialogClosed(element);
      expect(runtime.workspace.getSnapshot().revision).to.equal(before);
      expect(paths(runtime)).to.include('styles.css');
      expect(focusedPath(element)).to.equal('styles.css');
    });

    it('renames a file through F2 and the Rename dialog', async () => {
      const { runtime, element } = await setup();
      (await row(element, 'styles.css')).focus();
      await sendKeys({ press: 'F2' });
      await openDialog(element);
      await retype('css/site.css');
      await sendKeys({ press: 'Enter' });
      await dialogClosed(element);
      expect(paths(runtime)).to.include('css/site.css').and.not.include('styles.css');
      expect(textOf(runtime, 'css/site.css')).to.equal('body { color: red; }');
      const call = runtime.trace
        .getSnapshot()
        .find((entry) => entry.name === 'workspace.renameFile');
      expect(call).to.include({ source: 'local', mode: 'direct', status: 'completed' });
      expect(call?.sessionId).to.match(/^explorer-/);
    });

    it('deletes a file only after the confirmation, which traps Tab', async () => {
      const { runtime, element } = await setup();
      (await row(element, 'src/app.js')).focus();
      await sendKeys({ press: 'Delete' });
      const dialog = await openDialog(element);
      expect(dialog.getAttribute('role')).to.equal('alertdialog');
      expect((root(element).activeElement as HTMLElement).dataset['action']).to.equal('cancel');
      await sendKeys({ press: 'Enter' });
      await dialogClosed(element);
      expect(paths(runtime)).to.include('src/app.js');

      (await row(element, 'src/app.js')).focus();
      await sendKeys({ press: 'Delete' });
      await openDialog(element);
      await sendKeys({ press: 'Tab' });
      expect((root(element).activeElement as HTMLElement).dataset['action']).to.equal('confirm');
      await sendKeys({ press: 'Tab' });
      expect((root(element).activeElement as HTMLElement).dataset['action']).to.equal('cancel');
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      await sendKeys({ press: 'Enter' });
      await dialogClosed(element);
      expect(paths(runtime)).not.to.include('src/app.js');
      expect(runtime.workspace.getSnapshot().deletedPaths).to.include('src/app.js');
    });

    it('reverts an edited file after the confirmation', async () => {
      const { runtime, element } = await setup();
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'styles.css',
        text: 'body { color: blue; }',
      });
      const edited = await row(element, 'styles.css');
      edited.focus();
      const revert = button(element, 'Revert');
      await waitFor(() => !revert.disabled, 'Revert to enable');
      revert.click();
      await openDialog(element);
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Enter' });
      await dialogClosed(element);
      expect(textOf(runtime, 'styles.css')).to.equal('body { color: red; }');
      expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    });

    it('shows a stale revision and confirms again after Re-read', async () => {
      const { runtime, element } = await setup();
      (await row(element, 'styles.css')).focus();
      await sendKeys({ press: 'F2' });
      await openDialog(element);
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'index.html',
        text: '<p>',
      });
      await retype('theme.css');
      await sendKeys({ press: 'Enter' });
      const alert = await waitFor(
        () => root(element).querySelector('dialog [role="alert"]'),
        'the conflict',
      );
      expect(alert.textContent).to.contain('WORKSPACE_REVISION_CONFLICT');
      expect(paths(runtime)).to.include('styles.css');
      alert.querySelector('button')!.click();
      await waitFor(() => !root(element).querySelector('dialog [role="alert"]'), 're-read');
      root(element).querySelector<HTMLButtonElement>('dialog [data-action="confirm"]')!.click();
      await dialogClosed(element);
      expect(paths(runtime)).to.include('theme.css');
    });
  });

  describe('saving', () => {
    it('Ctrl+S saves a browser checkpoint through a local·direct call in the trace', async () => {
      const { runtime, element } = await setup();
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'index.html',
        text: '<p>',
      });
      (await row(element, 'index.html')).focus();
      await sendKeys({ down: 'Control' });
      await sendKeys({ press: 's' });
      await sendKeys({ up: 'Control' });
      await waitFor(
        () => runtime.workspace.getSnapshot().dirtyPaths.length === 0,
        'the checkpoint',
      );
      const call = runtime.trace
        .getSnapshot()
        .find((entry) => entry.name === 'workspace.saveCheckpoint');
      expect(call).to.include({ source: 'local', mode: 'direct', status: 'completed' });
      expect(call?.sessionId).to.match(/^explorer-/);
      expect(root(element).querySelector('[role="status"]')?.textContent).to.contain('Saved');
    });
  });

  describe('inside a studio', () => {
    async function studioSetup() {
      const studio = await fixture<CaStudio>(
        html`<ca-studio database-name=${uniqueName('explorer-studio')}></ca-studio>`,
      );
      await studio.runtime!.ready;
      const element = await waitFor(
        () => studio.shadowRoot!.querySelector<CaExplorer>('ca-explorer'),
        'the explorer',
      );
      const content = await waitFor(
        () =>
          studio
            .shadowRoot!.querySelector('ca-editor')
            ?.shadowRoot?.querySelector<HTMLElement>('.cm-content'),
        'CodeMirror to mount',
      );
      return { studio, runtime: studio.runtime!, element, content };
    }

    it('opening a file sets the active file and the editor shows it', async () => {
      const { runtime, element, content } = await studioSetup();
      (await row(element, 'styles.css')).click();
      await waitFor(() => runtime.workspace.getSnapshot().activePath === 'styles.css', 'open');
      const css = textOf(runtime, 'styles.css') as string;
      await waitFor(
        () => content.textContent?.startsWith(css.slice(0, 20)),
        'the editor to show it',
      );
    });

    it('Ctrl+S in the editor saves a browser checkpoint', async () => {
      const { runtime, content } = await studioSetup();
      await waitFor(() => content.textContent?.includes('<!doctype html>'), 'the active file');
      content.focus();
      document.execCommand('insertText', false, '<!-- typed -->');
      await sendKeys({ down: 'Control' });
      await sendKeys({ press: 's' });
      await sendKeys({ up: 'Control' });
      await waitFor(
        () =>
          runtime.trace.getSnapshot().some((entry) => entry.name === 'workspace.saveCheckpoint'),
        'the checkpoint call',
      );
      await waitFor(() => runtime.workspace.getSnapshot().dirtyPaths.length === 0, 'clean');
      expect(textOf(runtime, 'index.html')).to.contain('<!-- typed -->');
    });
  });
});
