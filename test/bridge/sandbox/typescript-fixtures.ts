/** Workspaces with TypeScript, JSX and vendored packages for the preview's tests. */

/** Logs once the page's module scripts have run. */
export const LOADED_PROBE =
  '<script>addEventListener("load", () => console.log("loaded"))</script>';

/**
 * A tiny JSX runtime vendored as a package: its `exports` sends browsers and ES imports to the
 * DOM build and everything else to a build that throws, so a wrong condition shows.
 */
export const TINY_JSX: Record<string, string> = {
  'web_modules/tiny-jsx/package.json': JSON.stringify({
    name: 'tiny-jsx',
    type: 'module',
    exports: {
      '.': { node: './wrong.js', import: './index.js', default: './wrong.js' },
      './jsx-runtime': { require: './wrong.js', browser: './jsx-runtime.js' },
      './parts/*.js': { default: './src/parts/*.js' },
      './private/*': null,
    },
  }),
  'web_modules/tiny-jsx/wrong.js': 'throw new Error("wrong condition");',
  'web_modules/tiny-jsx/index.js': [
    "export { jsx as h, Fragment } from './jsx-runtime.js';",
    'export const mount = (node, parent = document.body) => parent.append(node);',
  ].join('\n'),
  'web_modules/tiny-jsx/jsx-runtime.js': [
    'export const Fragment = (props) => props.children;',
    'const add = (parent, child) => {',
    '  if (Array.isArray(child)) child.forEach((item) => add(parent, item));',
    '  else if (child !== null && child !== undefined && child !== false) parent.append(child instanceof Node ? child : String(child));',
    '};',
    'export function jsx(type, props, ...rest) {',
    '  props = props ?? {};',
    '  const children = rest.length > 0 ? rest : props.children;',
    "  if (typeof type === 'function' && type !== Fragment) return type({ ...props, children });",
    '  const node = type === Fragment ? document.createDocumentFragment() : document.createElement(type);',
    '  for (const [name, value] of Object.entries(props))',
    "    if (name !== 'children' && !(node instanceof DocumentFragment)) node.setAttribute(name, value);",
    '  add(node, children);',
    '  return node;',
    '}',
    'export { jsx as jsxs };',
  ].join('\n'),
  'web_modules/tiny-jsx/src/parts/badge.js':
    "export const badge = (text) => `[${text}]`;\nimport { sep } from 'tiny-sep';\nexport const joined = ['a', 'b'].join(sep);",
  // A dependency of a package, found in the package's own web_modules folder first.
  'web_modules/tiny-jsx/web_modules/tiny-sep/package.json':
    '{ "name": "tiny-sep", "module": "esm.js", "main": "cjs.js" }',
  'web_modules/tiny-jsx/web_modules/tiny-sep/esm.js': "export const sep = '+';",
  'web_modules/tiny-jsx/web_modules/tiny-sep/cjs.js': "module.exports = { sep: '-' };",
  'web_modules/tiny-sep/package.json': '{ "name": "tiny-sep", "module": "esm.js" }',
  'web_modules/tiny-sep/esm.js': "export const sep = 'outer';",
};

export const TSX_APP: Record<string, string> = {
  ...TINY_JSX,
  'tsconfig.json':
    '{\n  // comments and trailing commas, as tsconfig.json allows\n  "compilerOptions": { "jsx": "react-jsx", "jsxImportSource": "tiny-jsx", },\n}',
  'index.html': `<main id="app"></main>${LOADED_PROBE}<script type="module" src="src/main.tsx"></script>`,
  'src/main.tsx': [
    "import { mount } from 'tiny-jsx';",
    "import { badge, joined } from 'tiny-jsx/parts/badge.js';",
    "import { App } from './App';",
    "import { total, type Item } from './items.js';",
    'const items: Item[] = [{ name: "a", price: 2 }, { name: "b", price: 3 }];',
    "mount(<App items={items} />, document.getElementById('app')!);",
    "console.log('rendered', document.getElementById('app')!.innerHTML, badge(String(total(items))), joined);",
  ].join('\n'),
  'src/App.tsx': [
    "import type { Item } from './items';",
    '',
    'interface Props {',
    '  items: readonly Item[];',
    '}',
    '',
    'export function App({ items }: Props) {',
    '  return (',
    '    <>',
    '      <h1 class="title">Shop</h1>',
    '      <ul>{items.map((item) => <li>{item.name}</li>)}</ul>',
    '    </>',
    '  );',
    '}',
  ].join('\n'),
  'src/items.ts': [
    'export interface Item { name: string; price: number }',
    'export enum Currency { Euro = "EUR" }',
    'export const total = (items: readonly Item[]): number =>',
    '  items.reduce((sum, item) => sum + item.price, 0);',
  ].join('\n'),
};
