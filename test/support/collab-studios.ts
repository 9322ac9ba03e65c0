/**
 * Studios in rooms of a real collaboration server: one Hocuspocus process on loopback for the
 * file (started by the test runner's `collab-server-start` command), and a factory of
 * memory-only studios that join it, disposed after each test.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import {
  createStudioRuntime,
  type StudioCollabOptions,
  type StudioRuntime,
} from '../../src/composition/index.js';

type Seed = Array<{ path: string; text: string }>;

export function collabStudios(token: string) {
  const started: StudioRuntime[] = [];
  let server = { id: '', url: '' };
  before(async () => {
    server = await executeServerCommand<{ id: string; url: string }, object>(
      'collab-server-start',
      { token },
    );
  });
  afterEach(() => {
    for (const runtime of started.splice(0)) runtime.dispose();
  });
  return {
    /** The server process (its id for the kill and restart commands) and address, once started. */
    server: () => server,
    /** A memory-only studio in `room`, as `user`, with `seed` as its starter files. */
    studio(
      room: string,
      user: StudioCollabOptions['user'],
      seed: Seed = [{ path: 'index.html', text: '<h1>Hi</h1>' }],
    ) {
      const runtime = createStudioRuntime({
        storage: 'memory',
        seed,
        collab: { url: server.url, room, token, user },
      });
      started.push(runtime);
      return runtime;
    },
    /** Disposed with the others after the test. */
    track(runtime: StudioRuntime) {
      started.push(runtime);
      return runtime;
    },
  };
}
