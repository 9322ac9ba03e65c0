/** The studio side of the companion tests: connect with an offer, write a text file. */
import { createHash } from 'node:crypto';
import {
  connectHostCompanion,
  type CarrierOffer,
  type HostCompanionSession,
  type SnapshotRef,
} from '../../src/runtime/index.js';

export const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
export const signal = () => new AbortController().signal;

export async function connect(offer: CarrierOffer): Promise<HostCompanionSession> {
  const session = await connectHostCompanion(offer, { sourceId: 'test-studio' });
  if (!session.ok) throw new Error(JSON.stringify(session.error));
  return session.value;
}

export const writeText = (
  session: HostCompanionSession,
  path: string,
  text: string,
  snapshot: SnapshotRef,
) =>
  session.run(
    'host.writeFile',
    { path, kind: 'text', text, digest: sha(text) },
    snapshot,
    signal(),
  );
