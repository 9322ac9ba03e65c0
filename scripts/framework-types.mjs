// Generates, from custom-elements.json, what editors and framework type checkers need to know
// about our elements: React JSX, Vue GlobalComponents and Svelte element typings, VS Code custom
// HTML data and JetBrains web-types. Property types come from the element classes themselves, and
// event types from `HTMLElementEventMap`, so nothing here restates a type by hand.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { elementEntries } from './element-entries.mjs';

const OUT = 'dist/frameworks';

/** The public API of each element in the manifest. */
export function describeElements(manifest) {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? [])
      .filter((declaration) => declaration.customElement && declaration.tagName)
      .map((declaration) => ({
        tag: declaration.tagName,
        className: declaration.name,
        summary: declaration.summary ?? declaration.description ?? '',
        properties: (declaration.members ?? [])
          .filter((member) => member.kind === 'field' && !member.privacy && !member.static)
          .map((member) => member.name),
        attributes: (declaration.attributes ?? []).map((attribute) => ({
          name: attribute.name,
          description: attribute.description ?? '',
          boolean: attribute.type?.text === 'boolean',
          number: attribute.type?.text === 'number',
        })),
        events: (declaration.events ?? []).map((event) => ({
          name: event.name,
          description: event.description ?? '',
        })),
      })),
  );
}

// A tag in a lit template: `html\`<ca-x` or markup on its own line; never one named in a comment
// or in backticks (`<ca-studio>` in prose).
const TAG = /(?:html`|[^`])<(ca-[a-z][a-z0-9-]*)[\s>/]/g;
const COMMENT = /^\s*(\*|\/\/|\/\*)/;

/** The `<ca-*>` tags an element's own folder renders (its templates), itself left out. */
function renderedTags(sourcePath, tag, readDir, readFile) {
  if (sourcePath === undefined) return new Set();
  const folder = dirname(sourcePath);
  const tags = new Set();
  for (const file of readDir(folder).filter((name) => name.endsWith('.ts'))) {
    for (const line of readFile(join(folder, file)).split('\n')) {
      if (COMMENT.test(line)) continue;
      for (const match of ` ${line} `.matchAll(TAG)) tags.add(match[1]);
    }
  }
  tags.delete(tag);
  return tags;
}

/**
 * Adds to each element the events that bubble out of it: every event of an element it renders
 * (and so on down), since every `ca-` event bubbles and is composed. A container's own `@fires`
 * line for an event wins over the one it inherits.
 */
export function withBubbledEvents(
  elements,
  sourceOf,
  readDir = (dir) => readdirSync(dir),
  readFile = (path) => readFileSync(path, 'utf8'),
) {
  const byTag = new Map(elements.map((element) => [element.tag, element]));
  const children = new Map(
    elements.map((element) => [
      element.tag,
      [...renderedTags(sourceOf(element.tag), element.tag, readDir, readFile)].filter((tag) =>
        byTag.has(tag),
      ),
    ]),
  );
  const inside = (tag, seen = new Set()) => {
    for (const child of children.get(tag) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      inside(child, seen);
    }
    return seen;
  };
  return elements.map((element) => {
    const events = [...element.events];
    const names = new Set(events.map((event) => event.name));
    for (const tag of [...inside(element.tag)].sort()) {
      for (const event of byTag.get(tag).events) {
        if (names.has(event.name)) continue;
        names.add(event.name);
        events.push({
          name: event.name,
          description: `Bubbles from <${tag}> inside: ${event.description}`,
        });
      }
    }
    return { ...element, events };
  });
}

const quote = (name) => `'${name}'`;
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const attributeType = (attribute) =>
  attribute.boolean
    ? "boolean | 'true' | 'false'"
    : attribute.number
      ? 'number | string'
      : 'string';

function elementProps(element, eventKey) {
  const lines = [
    ...element.properties.map((name) => `  ${name}?: ${element.className}[${quote(name)}];`),
    ...element.attributes
      .filter((attribute) => attribute.name.includes('-'))
      .map((attribute) => `  ${quote(attribute.name)}?: ${attributeType(attribute)};`),
    ...element.events.map(
      (event) =>
        `  ${quote(eventKey(event.name))}?: (event: HTMLElementEventMap[${quote(event.name)}]) => void;`,
    ),
  ];
  return `{\n${lines.join('\n')}\n}`;
}

const header = (elements) =>
  [
    '// Generated from custom-elements.json by scripts/framework-types.mjs. Do not edit.',
    `import type { ${elements.map((element) => element.className).join(', ')} } from '../types/index.js';`,
    '',
  ].join('\n');

export function reactTypes(elements) {
  const props = elements.map(
    (element) =>
      `type ${element.className}Props = ${elementProps(element, (name) => `on${name}`)};`,
  );
  const entries = elements.map(
    (element) =>
      `      ${quote(element.tag)}: Omit<HTMLAttributes<${element.className}>, keyof ${element.className}Props> &\n` +
      `        RefAttributes<${element.className}> &\n        ${element.className}Props;`,
  );
  return `${header(elements)}import type { HTMLAttributes, RefAttributes } from 'react';

${props.join('\n\n')}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${entries.join('\n')}
    }
  }
}
`;
}

export function vueTypes(elements) {
  const entries = elements.map(
    (element) =>
      `    ${quote(element.tag)}: DefineComponent<${elementProps(element, (name) => camel(`on-${name}`)).replaceAll('\n', '\n    ')}>;`,
  );
  return `${header(elements)}import type { DefineComponent } from 'vue';

declare module 'vue' {
  interface GlobalComponents {
${entries.join('\n')}
  }
}
`;
}

/** Names the element defines itself, which replace Svelte's generic attribute typings. */
const ownNames = (element) =>
  [...new Set([...element.properties, ...element.attributes.map((attribute) => attribute.name)])]
    .map(quote)
    .join(' | ') || 'never';

export function svelteTypes(elements) {
  const entries = elements.map(
    (element) =>
      `    ${quote(element.tag)}: Omit<HTMLAttributes<${element.className}>, ${ownNames(element)}> &\n      ${elementProps(element, (name) => `on${name}`).replaceAll('\n', '\n      ')};`,
  );
  return `${header(elements)}import type { HTMLAttributes } from 'svelte/elements';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${entries.join('\n')}
  }
}
`;
}

export function vscodeData(elements) {
  return {
    $schema:
      'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tag,
      description: element.summary,
      attributes: element.attributes.map((attribute) => ({
        name: attribute.name,
        description: attribute.description,
        ...(attribute.boolean ? { valueSet: 'v' } : {}),
      })),
    })),
  };
}

export function webTypes(elements, pkg) {
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: elements.map((element) => ({
          name: element.tag,
          description: element.summary,
          attributes: element.attributes.map((attribute) => ({
            name: attribute.name,
            description: attribute.description,
            value: { type: attribute.boolean ? 'boolean' : attribute.number ? 'number' : 'string' },
          })),
          js: {
            properties: element.properties.map((name) => ({ name })),
            events: element.events.map((event) => ({
              name: event.name,
              description: event.description,
            })),
          },
        })),
      },
    },
  };
}

/** Writes every generated file into dist/ from the shipped custom-elements.json. */
export function writeFrameworkTypes() {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  // The shipped manifest names built files; the templates are read from each element's source.
  const sources = new Map(elementEntries().map((entry) => [entry.tag, entry.source]));
  const elements = withBubbledEvents(describeElements(manifest), (tag) => sources.get(tag));
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/react.d.ts`, reactTypes(elements));
  writeFileSync(`${OUT}/vue.d.ts`, vueTypes(elements));
  writeFileSync(`${OUT}/svelte.d.ts`, svelteTypes(elements));
  // The framework entries carry types only; this module lets bundlers resolve them harmlessly.
  writeFileSync(`${OUT}/types-only.js`, 'export {};\n');
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync('dist/vscode.html-custom-data.json', json(vscodeData(elements)));
  writeFileSync('dist/web-types.json', json(webTypes(elements, pkg)));
}
