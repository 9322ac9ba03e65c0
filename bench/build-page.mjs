// One way the benches bundle a page's script: vite, es2022, minified as the SDK ships (library
// mode keeps whitespace unless rolldown's own output minifier runs), lazy `import()`s as chunks
// beside it that import what they share from the script itself.
import { join } from 'node:path';
import { build } from 'vite';

/** Bundles `entry` into `outDir/fileName` (the folder is emptied first); returns its path. */
export async function buildPageScript(entry, outDir, fileName) {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      lib: { entry, formats: ['es'], fileName: () => fileName },
      rollupOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: { minify: true },
        // A floor that wants in one script what our editor loads lazily imports it statically.
        onwarn(warning, warn) {
          if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
        },
      },
    },
  });
  return join(outDir, fileName);
}
