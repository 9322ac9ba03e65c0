/**
 * Studios in rooms of a real collaboration server: Hocuspocus processes on loopback for the file
 * (started by the test runner's `collab-server-start` command; one, or several sharing rooms
 * through Redis), and a factory of memory-only studios that join them, disposed after each test.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import {
  createStudioRuntime,
  type StudioCollabOptions,
  type StudioRuntime,
} from '../../src/composition/index.js';
import { callAsPerson } from '../../src/runtime/index.js';
import { uniqueName, waitFor } from './wait.js';

type Seed = Array<{ path: string; text: string }>;

type Server = { id: string; url: string };

/**
 * `processes` servers (one by default); with `redis`, every one on the test run's Redis under one
 * key prefix of this file's own, so they share rooms.
 */
export function collabStudios(token: string, { processes = 1, redis = false } = {}) {
  const started: StudioRuntime[] = [];
  let servers: Server[] = [];
  before(async function () {
    // A server process takes about 2 s to start (tsx compiles it); on a busy machine two at once
    // have taken longer than a test's 10 s.
    this.timeout(60_000);
    const prefix = redis ? uniqueName('collab') : undefined;
    servers = await Promise.all(
      Array.from({ length: processes }, () =>
        executeServerCommand<Server, object>('collab-server-start', { token, redis: prefix }),
      ),
    );
  });
  afterEach(() => {
    for (const runtime of started.splice(0)) runtime.dispose();
  });
  return {
    /**
     * A server process (its id for the kill and restart commands) and address, once started: the
     * first, or the `index`th.
     */
    server: (index = 0) => servers[index]!,
    /** A memory-only studio in `room` on the `on`th server, as `user`, with `seed` as its files. */
    studio(
      room: string,
      user: StudioCollabOptions['user'],
      seed: Seed = [{ path: 'index.html', text: '<h1>Hi</h1>' }],
      on = 0,
    ) {
      const runtime = createStudioRuntime({
        storage: 'memory',
        seed,
        collab: { url: servers[on]!.url, room, token, user },
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

/** The text of the file at `path` in a studio's workspace, if it is a text file there. */
export const textOf = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

/** Every path in a studio's workspace. */
export const paths = (runtime: StudioRuntime) =>
  runtime.workspace.getSnapshot().files.map((file) => file.path);

/**
 * Ada creates two files and renames one while Bo writes the old name and deletes the other; waits
 * until both studios hold the renamed file with Bo's text and neither old file. Person's calls.
 */
export async function crossRenameEditDelete(ada: StudioRuntime, bo: StudioRuntime) {
  await callAsPerson(ada.registry, 'workspace.createFile', { path: 'a.css', text: 'a{}' });
  await callAsPerson(ada.registry, 'workspace.createFile', { path: 'b.js', text: '1' });
  await waitFor(() => paths(bo).includes('b.js'), 'the new files on Bo');
  await callAsPerson(ada.registry, 'workspace.renameFile', { from: 'a.css', to: 'style.css' });
  await callAsPerson(bo.registry, 'workspace.writeFile', { path: 'a.css', text: 'a{color:red}' });
  await callAsPerson(bo.registry, 'workspace.deleteFile', { path: 'b.js' });
  const settled = (runtime: StudioRuntime) =>
    textOf(runtime, 'style.css') === 'a{color:red}' &&
    !paths(runtime).includes('a.css') &&
    !paths(runtime).includes('b.js');
  await waitFor(() => settled(ada) && settled(bo), 'the rename, edit and delete on both');
}
