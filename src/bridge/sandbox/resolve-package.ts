/**
 * Bare specifiers from packages vendored in the workspace, a chunk of its own (see
 * `load-module-compilers.ts`). A specifier `name/sub` is looked up as `web_modules/name` in the
 * importing file's folder, then in each folder above it up to the workspace root, the way Node
 * walks `node_modules`; in the package, `exports` decides (`package-exports.ts`), else `module`,
 * `main` or `index.js` for the package itself and the file itself for a subpath.
 */
import { dirname, resolvePreviewReference } from '../../runtime/preview/index.js';
import { PACKAGES_FOLDER, type PackageResolver } from './module-compilers.js';
import { PREVIEW_CONDITIONS, resolveExports } from './package-exports.js';

const NAME = /^((?:@[^/@\s]+\/)?[^/@\s.][^/@\s]*)(\/.*)?$/;

export const resolvePackage: PackageResolver = (specifier, fromPath, text) => {
  const match = NAME.exec(specifier);
  if (!match) return { reason: `"${specifier}" is not a package name` };
  const name = match[1]!;
  const subpath = match[2] ? `.${match[2]}` : '.';
  for (let folder = dirname(fromPath); ; folder = dirname(folder)) {
    const root = `${folder === '' ? '' : `${folder}/`}${PACKAGES_FOLDER}/${name}`;
    const manifest = text(`${root}/package.json`);
    if (manifest !== undefined) return resolveIn(root, manifest, subpath, text);
    if (folder === '') break;
  }
  return {
    reason: `no ${PACKAGES_FOLDER}/${name}/package.json in the folders from ${fromPath} up to the workspace root`,
  };
};

function resolveIn(
  root: string,
  manifestText: string,
  subpath: string,
  text: (path: string) => string | undefined,
) {
  let manifest: { exports?: unknown; module?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(manifestText) as typeof manifest;
  } catch {
    return { reason: `${root}/package.json is not valid JSON` };
  }
  let target: string | null;
  if (manifest?.exports !== undefined) {
    target = resolveExports(manifest.exports, subpath);
    if (target === null)
      return {
        reason: `${root}/package.json does not export "${subpath}" for the conditions ${[...PREVIEW_CONDITIONS].join(', ')}`,
      };
  } else if (subpath !== '.') target = subpath;
  else target = legacyEntry(root, manifest.module ?? manifest.main, text);
  const resolved = resolvePreviewReference(`${root}/package.json`, target);
  if (resolved.kind !== 'local' || !resolved.path.startsWith(`${root}/`))
    return { reason: `${root}/package.json points outside its package: ${target}` };
  if (text(resolved.path) === undefined)
    return { reason: `${resolved.path} is not in the workspace` };
  return { path: resolved.path };
}

/** `module` (an ES module build) or `main`, with the extensions Node tries for `main`. */
function legacyEntry(root: string, entry: unknown, text: (path: string) => string | undefined) {
  // Node's default main; written relative to the package like the entries it stands for.
  if (typeof entry !== 'string' || entry === '') return 'index.js';
  const relative = entry.startsWith('./') ? entry : `./${entry}`;
  const candidates = [relative, `${relative}.js`, `${relative.replace(/\/$/, '')}/index.js`];
  return (
    candidates.find((candidate) => text(`${root}/${candidate.slice(2)}`) !== undefined) ?? relative
  );
}
