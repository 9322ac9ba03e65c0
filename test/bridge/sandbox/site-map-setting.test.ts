/**
 * The site import map a preview holds: no map is set at once without the checker's chunk; a map
 * loads the checker and is in force once checked; maps are checked in the order set, and a
 * refused one leaves the one before it in force. Its own page: the checker must not have loaded.
 */
import { expect } from '@open-wc/testing';
import { siteMapSetting } from '../../../src/bridge/sandbox/site-map-setting.js';

const checkerFetched = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => entry.name.includes('/src/bridge/sandbox/site-import-map.ts'));

const MAP = JSON.stringify({ imports: { lit: 'https://cdn.example/lit/index.js' } });

describe('a preview’s site import map', () => {
  it('takes no map at once, then checks maps in the order set, a refused one leaving the last in force', async () => {
    const setting = siteMapSetting();
    expect(setting.set(null), 'the value set already').to.equal(false);
    expect(setting.set('  '), 'blank text').to.equal(true);
    expect(setting.checking() === undefined, 'nothing to wait for').to.equal(true);
    expect(setting.state().map).to.equal(null);
    // Time a regression would use to request it. (Identity checks as booleans: a failing comparison
    // printing a promise lost the browser.)
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(checkerFetched(), 'the checker without a map').to.equal(false);

    setting.set(MAP);
    setting.set('{ not json');
    expect(setting.state().map, 'not in force before it is checked').to.equal(null);
    await setting.checking();
    expect(checkerFetched()).to.equal(true);
    expect(setting.checking() === undefined, 'every check done').to.equal(true);
    expect(setting.state().map?.origins).to.deep.equal(['https://cdn.example']);
    expect(setting.state().error?.code).to.equal('PREVIEW_IMPORT_MAP_INVALID');

    expect(setting.set(null)).to.equal(true);
    expect(setting.checking() === undefined, 'the checker loaded: checked at once').to.equal(true);
    expect(setting.state()).to.deep.equal({ value: null, map: null, error: null });
  });
});
