/**
 * The realtime web-coding workspace: the studio's page as three files (HTML, CSS, JS), with the
 * hero, feature cards and `--accent` the visual `web.*` tools edit.
 */
import { DEFAULT_WORKSPACE_SEED, type WorkspaceSeedFile } from '../../workspace/seed.js';

/** The three files a fresh web-coding workspace starts with. */
export const WEB_CODING_SEED: readonly WorkspaceSeedFile[] = Object.freeze(
  DEFAULT_WORKSPACE_SEED.filter((file) => /\.(html|css|js)$/.test(file.path)),
);
