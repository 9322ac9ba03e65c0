import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createAnnouncer } from '../../../src/elements/shared/announcer.js';
import { plainChange, plainChanges } from '../../../src/elements/shared/plain-change.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the studio announcer', () => {
  it('speaks a burst once, repeats merged', async () => {
    const spoken: string[] = [];
    const announcer = createAnnouncer((text) => spoken.push(text), 20);
    announcer.announce('Done. Changed styles.css.');
    announcer.announce('  Done.   Changed styles.css. ');
    announcer.announce('The preview failed.');
    await settle(60);
    expect(spoken).to.deep.equal(['Done. Changed styles.css. The preview failed.']);
  });

  it('drops the same words again at once, as an echo', async () => {
    const spoken: string[] = [];
    const announcer = createAnnouncer((text) => spoken.push(text), 10);
    announcer.announce('Saved.');
    await settle(30);
    announcer.announce('Saved.');
    await settle(30);
    expect(spoken).to.deep.equal(['Saved.']);
  });

  it('says nothing after it is disposed', async () => {
    const spoken: string[] = [];
    const announcer = createAnnouncer((text) => spoken.push(text), 10);
    announcer.announce('Saved.');
    announcer.dispose();
    await settle(30);
    expect(spoken).to.deep.equal([]);
  });
});

describe('plain words for tool calls', () => {
  it('names what changed and where, never the tool or the revision', () => {
    expect(plainChange('preview.setTheme', 'path styles.css · accent green · revision 2')).to.equal(
      'Changed the accent to green in styles.css',
    );
    expect(plainChange('workspace.createFile', 'path a.js · revision 3')).to.equal('Created a.js');
    expect(plainChange('workspace.writeFile', 'path b.css · revision 4')).to.equal('Changed b.css');
  });

  it('leaves out calls that only look', () => {
    expect(plainChange('workspace.getStatus', 'revision 1 · activePath index.html')).to.equal(
      undefined,
    );
    expect(plainChange('workspace.readFile', 'path a.js')).to.equal(undefined);
  });

  it('joins several changes into one sentence', () => {
    expect(plainChanges(['Changed a.css', 'Created b.js', 'Changed a.css'])).to.equal(
      'Changed a.css and Created b.js.',
    );
    expect(plainChanges([])).to.equal(undefined);
  });
});
