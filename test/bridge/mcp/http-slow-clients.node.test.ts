import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createMCPHttpHost } from '../../../src/bridge/mcp/node.js';
import { readFile } from '../../runtime/registry/fixtures.js';
import { dripBodies, legitimateVisit } from './hostile-load.js';
import { registryWith } from './session-fixtures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MCP host with no token, under clients that send slowly', () => {
  it(
    '130 sockets dripping a body leave 10 legitimate visits working',
    { timeout: 60_000 },
    async () => {
      const host = await createMCPHttpHost({ registry: registryWith(readFile) });
      const stop = dripBodies(host.url, 130);
      try {
        await sleep(500);
        const visits = [];
        for (let n = 0; n < 10; n++)
          visits.push(await legitimateVisit(host.url, 'workspace.readFile'));
        expect(visits.filter(Boolean)).to.deep.equal([]);
      } finally {
        stop();
        await host.close();
      }
    },
  );
});
