/**
 * Runs in the browser (see preview-latency.mjs): one edit at a time of our preview
 * (edit → acknowledgement) and one step at a time of each floor (preview-floors.ts), so the
 * driver can interleave them sample by sample with each other and with playground-elements.
 */
import { PreviewController } from '../src/bridge/sandbox/controller.js';
import type { WorkspaceSnapshot } from '../src/runtime/workspace/types.js';
import { FLOORS, type BenchCase } from './preview-floors.js';
import { benchWorkspaces, textFiles, type EditKind } from './preview-workspaces.js';

const steps = new Map<string, BenchCase>();

/** Our preview on `workspace`, one `kind` edit per step. */
async function previewEdits(workspaceName: string, kind: EditKind) {
  const workspace = benchWorkspaces.find((candidate) => candidate.name === workspaceName)!;
  const container = document.createElement('div');
  document.body.append(container);
  const controller = new PreviewController(container, { ackTimeoutMs: 30_000 });
  let files = textFiles(workspace.files);
  let revision = 1;
  const snapshot = (): WorkspaceSnapshot => ({
    revision,
    activePath: null,
    files,
    dirtyPaths: [],
    deletedPaths: [],
    storageMode: 'memory',
  });
  const signal = new AbortController().signal;
  void controller.show(snapshot());
  const first = await controller.waitForRevision(revision, signal);
  if (!first.ok) throw new Error(`${workspace.name}: ${first.error.message}`);
  let n = 0;
  const step = async (): Promise<number> => {
    n += 1;
    const changed = workspace.edit(kind, n);
    files = files.map((file) =>
      changed[file.path] === undefined ? file : { ...file, text: changed[file.path]! },
    );
    revision += 1;
    const start = performance.now();
    void controller.show(snapshot());
    const outcome = await controller.waitForRevision(revision, signal);
    const elapsed = performance.now() - start;
    if (!outcome.ok) throw new Error(`${workspace.name} ${kind}: ${outcome.error.message}`);
    return elapsed;
  };
  const close = () => {
    controller.dispose();
    container.remove();
  };
  return { step, close };
}

let opened = 0;
const previewBench = {
  /** Opens our preview on a workspace (`kind` edits) or a floor (`kind` null); returns its id. */
  async open(name: string, kind: EditKind | null): Promise<string> {
    const id = `case-${(opened += 1)}`;
    steps.set(id, kind === null ? await FLOORS[name]!() : await previewEdits(name, kind));
    return id;
  },
  step: (id: string) => steps.get(id)!.step(),
  close(id: string) {
    steps.get(id)?.close();
    steps.delete(id);
  },
};

Object.assign(globalThis, { previewBench });
