import { expect } from 'chai';
import { request, type ClientRequest } from 'node:http';
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  CARRIER_MAX_BODY_BYTES,
  CARRIER_MAX_TOTAL_BODY_BYTES,
  startCarrierHost,
  type CarrierHost,
} from '../../src/host/carrier-host.js';
import { createHostFolder } from '../../src/host/host-folder.js';
import { openHostJournal } from '../../src/host/host-journal.js';
import { CARRIER_FAILURE_CODES as C } from '../../src/runtime/index.js';

interface Answer {
  status: number;
  code: string | undefined;
}

/** A probe whose body is announced at `declared` bytes, of which only `sent` are sent now. */
function partial(host: CarrierHost, token: string, declared: number, sent: number) {
  let req!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = request(
      `${host.offer.endpoint}/probe`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-length': declared },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, code: JSON.parse(text).failure?.code }),
        );
      },
    );
    req.on('error', reject);
  });
  req.write(Buffer.alloc(sent, 0x20));
  return { answer, req };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), ms)),
  ]);

describe('host companion: bodies', () => {
  let host: CarrierHost;
  before(async () => {
    const site = await realpath(await mkdtemp(join(tmpdir(), 'ca-bodies-')));
    const journal = await openHostJournal(site);
    host = await startCarrierHost({
      folderName: 'site',
      generation: 1,
      reconciled: [],
      run: createHostFolder({ root: site, journal }).run,
      census: journal.census,
      offerTtlMs: 60_000,
    });
  });
  after(() => host.close());

  it('checks the token before reading any body', async () => {
    const held = partial(host, 'wrong', CARRIER_MAX_BODY_BYTES, 1024);
    try {
      const answer = await within(held.answer, 2000);
      expect(answer).to.deep.equal({ status: 401, code: C.CARRIER_AUTH_FAILED });
    } finally {
      held.req.destroy();
    }
  });

  it('caps the bodies held at once over all requests', async () => {
    const slice = Math.floor(CARRIER_MAX_TOTAL_BODY_BYTES / 3);
    const held = [0, 1, 2, 3].map(() =>
      partial(host, host.offer.token, CARRIER_MAX_BODY_BYTES, slice + 1024),
    );
    try {
      const first = await within(Promise.race(held.map((one) => one.answer)), 5000);
      expect(first).to.deep.equal({ status: 400, code: C.CARRIER_REQUEST_INVALID });
    } finally {
      for (const one of held) one.req.destroy();
    }
  });
});
