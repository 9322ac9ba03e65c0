// Rewrites the analyzer's custom-elements.json so it describes what the package ships: module
// paths name the built per-element entries (not `src/*.ts`, which the tarball does not carry), and
// every event carries its type from the element's `HTMLElementEventMap` declaration.
import { readFileSync, writeFileSync } from 'node:fs';
import { elementEntries } from './element-entries.mjs';
import { documentExportedParts } from './export-parts.mjs';

const MANIFEST = 'custom-elements.json';
const ELEMENT_MODULE = /^src\/elements\/([a-z-]+)\/\1\.element\.ts$/;

/** `'ca-x': CustomEvent<Detail>;` lines of a file's `interface HTMLElementEventMap { … }`. */
export function declaredEventTypes(source) {
  const types = new Map();
  for (const block of source.matchAll(/interface HTMLElementEventMap\s*{([^}]*)}/g)) {
    for (const [, name, type] of block[1].matchAll(/'(ca-[a-z-]+)'\s*:\s*([^;]+);/g))
      types.set(name, type.trim());
  }
  return types;
}

const TAGS = new Map(elementEntries().map(({ folder, tag }) => [folder, tag]));

const shippedPath = (path) => {
  const match = ELEMENT_MODULE.exec(path);
  return match ? `dist/elements/${TAGS.get(match[1])}.js` : path;
};

export function rewriteManifest(manifest, readSource) {
  // Composites such as <ca-studio> fire their inner elements' events, so types are looked up
  // across every element's declarations.
  const eventTypes = new Map(
    manifest.modules.flatMap((module) => [...declaredEventTypes(readSource(module.path))]),
  );
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      for (const event of declaration.events ?? []) {
        const type = eventTypes.get(event.name);
        if (!type) throw new Error(`${module.path}: ${event.name} is not in HTMLElementEventMap`);
        event.type = { text: type };
      }
    }
    for (const entry of module.exports ?? [])
      if (entry.declaration?.module)
        entry.declaration.module = shippedPath(entry.declaration.module);
    module.path = shippedPath(module.path);
  }
  return documentExportedParts(manifest);
}

/** Rewrites custom-elements.json in place, after the analyzer wrote it; returns the manifest. */
export function writeShippedManifest() {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  rewriteManifest(manifest, (path) => readFileSync(path, 'utf8'));
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
