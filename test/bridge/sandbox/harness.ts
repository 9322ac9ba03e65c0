/** Mounts a real `PreviewController` (real sandboxed iframe) on a test workspace. */
import {
  PreviewController,
  type PreviewControllerOptions,
} from '../../../src/bridge/sandbox/controller.js';
import { createTestWorkspace, type TestWorkspace } from './fixtures.js';

export interface Mounted {
  controller: PreviewController;
  workspace: TestWorkspace;
  container: HTMLElement;
  /** Waits for the acknowledgement of the workspace's current revision. */
  settle(): ReturnType<PreviewController['waitForRevision']>;
  /** Resolves with the first console entry whose text matches. */
  consoleLine(pattern: RegExp): Promise<string>;
  dispose(): void;
}

/** The controller's options, and a site import map set before the first show. */
export type MountOptions = PreviewControllerOptions & { importMap?: unknown };

export function mountPreview(
  files: Record<string, string>,
  { importMap, ...options }: MountOptions = {},
): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const controller = new PreviewController(container, { ackTimeoutMs: 5000, ...options });
  if (importMap !== undefined) controller.setImportMap(importMap);
  const workspace = createTestWorkspace(files);
  const unsubscribe = workspace.subscribe(() => void controller.show(workspace.getSnapshot()));
  void controller.show(workspace.getSnapshot());
  return {
    controller,
    workspace,
    container,
    settle: () =>
      controller.waitForRevision(workspace.getSnapshot().revision, new AbortController().signal),
    consoleLine: (pattern) =>
      new Promise((resolve) => {
        const check = () => {
          const entry = controller
            .getSnapshot()
            .console.entries.find((candidate) => pattern.test(candidate.text));
          if (!entry) return false;
          stop();
          resolve(entry.text);
          return true;
        };
        const stop = controller.subscribe(check);
        check();
      }),
    dispose() {
      unsubscribe();
      controller.dispose();
      container.remove();
    },
  };
}
