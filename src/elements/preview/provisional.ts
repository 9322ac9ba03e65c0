/**
 * Cold start: the preview renders the workspace's provisional snapshot (its seed files) while
 * storage opens, in a hidden frame. Hydration confirms that render when it produced the same
 * revision and the same files (a new or empty database), and the frame is shown as it is;
 * any other hydrated state replaces it in a fresh frame, so the seed render is never seen.
 */
import type { WorkspaceSnapshot } from '../../runtime/workspace/index.js';

/** Whether the render of `provisional` is the render `hydrated` needs. */
export function confirms(provisional: WorkspaceSnapshot, hydrated: WorkspaceSnapshot): boolean {
  return (
    provisional.revision === hydrated.revision &&
    provisional.files.length === hydrated.files.length &&
    provisional.files.every((file, index) => {
      const other = hydrated.files[index]!;
      return (
        file.path === other.path &&
        file.kind === 'text' &&
        other.kind === 'text' &&
        file.text === other.text
      );
    })
  );
}
