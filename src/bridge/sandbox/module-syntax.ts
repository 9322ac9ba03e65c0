/**
 * One ES module read with the @lezer/javascript parser: what it imports and exports, and the
 * edits that turn its body into the body of a function of its dependencies' namespaces (see
 * `flatten-modules.ts`). Every edit keeps the line count, so a line in the function is the same
 * line in the file. `null` means the module is outside what the rewrite handles safely (a syntax
 * error, an import name declared again at the top, an assignment to an import…): the graph
 * then keeps the browser's native module loading, which reports such input itself.
 */
import type { parser as javascriptParser } from '@lezer/javascript';

export type JavaScriptParser = typeof javascriptParser;
type SyntaxNode = ReturnType<JavaScriptParser['parse']>['topNode'];

/** A name in another module: `name` is `*` for its namespace. */
export interface Binding {
  request: string;
  name: string;
}

export type Edit =
  | { from: number; to: number; text: string }
  /** A dynamic `import()` of `request`: its text needs the module's place in the bundle. */
  | { from: number; to: number; request: string };

export interface ModuleShape {
  /** Static dependencies in source order, each once. */
  requests: string[];
  imports: Map<string, Binding>;
  /** Exported name → local name. */
  locals: Map<string, string>;
  reexports: Map<string, Binding>;
  stars: string[];
  edits: Edit[];
  /** The module awaits at its top level. */
  async: boolean;
}

/** The local name an anonymous `export default` is bound to. */
const DEFAULT_LOCAL = '__ca$default';
/** Parameter names of the module function (see `flatten-modules.ts`). */
export const DEPENDENCIES = '__ca$d';
export const IMPORT = '__ca$i';
export const META = '__ca$meta';

const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunction',
  'MethodDeclaration',
]);
const BLOCKS = new Set(['Block', 'ForStatement', 'SwitchBody', 'StaticBlock', 'Script']);
const PATTERNS = new Set(['ObjectPattern', 'ArrayPattern', 'PatternProperty', 'Spread']);

class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

/** The value of a string literal without escapes (the rewrite gives up on escapes). */
function literal(source: string, node: SyntaxNode): string {
  const text = source.slice(node.from, node.to);
  if (node.name !== 'String' || text.includes('\\')) unsupported();
  return text.slice(1, -1);
}

const blank = (source: string, from: number, to: number) => ({
  from,
  to,
  text: source.slice(from, to).replace(/[^\n]/g, ''),
});

const children = (node: SyntaxNode): SyntaxNode[] => {
  const list: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
};

const closest = (node: SyntaxNode, names: Set<string>): SyntaxNode => {
  let current = node.parent;
  while (current && !names.has(current.name) && !FUNCTIONS.has(current.name))
    current = current.parent;
  return current ?? unsupported();
};
const closestFunction = (node: SyntaxNode): SyntaxNode => closest(node, new Set(['Script']));

/** The node a declaration of `definition` is scoped to (the whole function for parameters). */
function scopeOf(definition: SyntaxNode): SyntaxNode {
  let parent = definition.parent ?? unsupported();
  while (PATTERNS.has(parent.name)) parent = parent.parent ?? unsupported();
  switch (parent.name) {
    case 'ParamList':
      return parent.parent ?? unsupported();
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      return closest(parent, BLOCKS);
    case 'FunctionExpression':
    case 'ClassExpression':
    case 'CatchClause':
      return parent;
    case 'VariableDeclaration':
      return parent.firstChild?.name === 'var' ? closestFunction(parent) : closest(parent, BLOCKS);
    case 'ForInSpec':
    case 'ForOfSpec': {
      const keyword = parent.firstChild?.nextSibling?.name;
      if (keyword === 'var') return closestFunction(parent);
      if (keyword === 'let' || keyword === 'const') return parent.parent ?? unsupported();
      return unsupported();
    }
    default:
      // A destructuring assignment target, and anything not listed, is not rewritten.
      return unsupported();
  }
}

/** The names a declaration binds (its patterns, never their default values' inner functions). */
function declared(node: SyntaxNode, source: string, into: string[] = []): string[] {
  for (const child of children(node)) {
    if (child.name === 'VariableDefinition') into.push(source.slice(child.from, child.to));
    else if (PATTERNS.has(child.name)) declared(child, source, into);
  }
  return into;
}

// Deeper than any module people write. Past it the parse and our walk of its tree take seconds
// of the host's main thread before the stack runs out (4.6 s in Firefox for 30,000 levels).
const MAX_NESTING = 500;

/** Whether brackets nest deeper than `MAX_NESTING`; brackets in strings count too, erring native. */
function nestsTooDeep(source: string): boolean {
  let depth = 0;
  for (let index = 0; index < source.length; index += 1) {
    const code = source.charCodeAt(index);
    // ( [ {  and  ) ] }
    if (code === 40 || code === 91 || code === 123) {
      if (++depth > MAX_NESTING) return true;
    } else if (code === 41 || code === 93 || code === 125) depth = Math.max(0, depth - 1);
  }
  return false;
}

export function readModule(source: string, parser: JavaScriptParser): ModuleShape | null {
  // Our parameter names must not meet a name of the module's own; `<!--` and `-->` start
  // comments in a classic script but not in a module.
  if (source.includes('__ca$') || /<!--|-->/.test(source) || nestsTooDeep(source)) return null;
  try {
    return read(source, parser.parse(source).topNode);
  } catch {
    // Unsupported input, and also a nesting deep enough to exhaust the stack: flattening is
    // only a speed-up, so whatever it cannot read loads natively.
    return null;
  }
}

function read(source: string, top: SyntaxNode): ModuleShape {
  const shape: ModuleShape = {
    requests: [],
    imports: new Map(),
    locals: new Map(),
    reexports: new Map(),
    stars: [],
    edits: [],
    async: false,
  };
  const request = (node: SyntaxNode) => {
    const specifier = literal(source, node);
    if (!shape.requests.includes(specifier)) shape.requests.push(specifier);
    return specifier;
  };
  const exported = (map: Map<string, unknown>, name: string) => {
    if (shape.locals.has(name) || shape.reexports.has(name)) unsupported();
    return map;
  };
  const topNames = new Set<string>();
  const localGroups: [exported: string, local: string][] = [];

  for (const statement of children(top)) {
    if (statement.type.isError) unsupported();
    if (statement.name === 'ImportDeclaration') readImport(statement);
    else if (statement.name === 'ExportDeclaration') readExport(statement);
    else if (statement.name === 'VariableDeclaration')
      declared(statement, source).forEach((name) => topNames.add(name));
    else if (statement.name === 'FunctionDeclaration' || statement.name === 'ClassDeclaration')
      declared(statement, source).forEach((name) => topNames.add(name));
  }
  for (const [name, local] of localGroups) {
    const imported = shape.imports.get(local);
    if (imported) exported(shape.reexports, name).set(name, imported);
    else if (topNames.has(local)) exported(shape.locals, name).set(name, local);
    else unsupported();
  }
  for (const name of shape.imports.keys()) if (topNames.has(name)) unsupported();
  readBody();
  return shape;

  function readImport(node: SyntaxNode) {
    const parts = children(node);
    const from = parts.find((part) => part.name === 'String') ?? unsupported();
    const specifier = request(from);
    const bind = (local: SyntaxNode, name: string) => {
      const text = source.slice(local.from, local.to);
      if (shape.imports.has(text)) unsupported();
      shape.imports.set(text, { request: specifier, name });
    };
    for (let index = 1; index < parts.length; index += 1) {
      const part = parts[index]!;
      if (part.name === 'VariableDefinition') bind(part, 'default');
      else if (part.name === 'Star') bind(parts[index + 2] ?? unsupported(), '*');
      else if (part.name === 'ImportGroup') readSpecifiers(part, bind);
      if (part.name === 'Star') index += 2;
      if (part.name === 'from') break;
    }
    shape.edits.push(blank(source, node.from, node.to));
  }

  /** `{ a, b as c, "d" as e }`: calls `bind(local node, name)` for each. */
  function readSpecifiers(group: SyntaxNode, bind: (local: SyntaxNode, name: string) => void) {
    const items = children(group).filter((part) => !['{', '}', ','].includes(part.name));
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index]!;
      const name =
        item.name === 'String' ? literal(source, item) : source.slice(item.from, item.to);
      if (items[index + 1]?.name === 'as') {
        bind(items[index + 2] ?? unsupported(), name);
        index += 2;
      } else bind(item, name);
    }
  }

  function readExport(node: SyntaxNode) {
    const parts = children(node);
    const second = parts[1] ?? unsupported();
    const from = parts.find((part) => part.name === 'from');
    const fromSpecifier = from ? request(from.nextSibling ?? unsupported()) : null;
    const nameOf = (part: SyntaxNode) =>
      part.name === 'String' ? literal(source, part) : source.slice(part.from, part.to);
    if (second.name === 'Star') {
      if (fromSpecifier === null) unsupported();
      const alias = parts[2]?.name === 'as' ? parts[3] : undefined;
      if (alias)
        exported(shape.reexports, nameOf(alias)).set(nameOf(alias), {
          request: fromSpecifier!,
          name: '*',
        });
      else shape.stars.push(fromSpecifier!);
      shape.edits.push(blank(source, node.from, node.to));
    } else if (second.name === 'ExportGroup') {
      readSpecifiers(second, (alias, name) => {
        const exportedName = nameOf(alias);
        if (fromSpecifier === null) localGroups.push([exportedName, name]);
        else
          exported(shape.reexports, exportedName).set(exportedName, {
            request: fromSpecifier,
            name,
          });
      });
      shape.edits.push(blank(source, node.from, node.to));
    } else if (second.name === 'default') {
      const declaration = parts[2] ?? unsupported();
      const name = declaration.getChild('VariableDefinition');
      const isDeclaration =
        declaration.name === 'FunctionDeclaration' || declaration.name === 'ClassDeclaration';
      if (isDeclaration && name) {
        const local = source.slice(name.from, name.to);
        topNames.add(local);
        exported(shape.locals, 'default').set('default', local);
        shape.edits.push(blank(source, node.from, declaration.from));
      } else {
        exported(shape.locals, 'default').set('default', DEFAULT_LOCAL);
        // As a property value, an anonymous function or class is named "default", as natively.
        const { text } = blank(source, node.from, declaration.from);
        shape.edits.push({
          from: node.from,
          to: declaration.from,
          text: `const ${DEFAULT_LOCAL}=({default:${text}`,
        });
        shape.edits.push({ from: declaration.to, to: declaration.to, text: '}).default' });
        if (!source.slice(node.from, node.to).trimEnd().endsWith(';'))
          shape.edits.push({ from: node.to, to: node.to, text: ';' });
      }
    } else {
      for (const name of declared(second, source)) {
        topNames.add(name);
        exported(shape.locals, name).set(name, name);
      }
      shape.edits.push(blank(source, node.from, second.from));
    }
  }

  function readBody() {
    const references: { node: SyntaxNode; local: string; shorthand: boolean }[] = [];
    const scopes = new Map<string, SyntaxNode[]>();
    const inFunction = (node: SyntaxNode, arrows = true) => {
      for (let parent = node.parent; parent; parent = parent.parent)
        if (FUNCTIONS.has(parent.name) && (arrows || parent.name !== 'ArrowFunction')) return true;
      return false;
    };
    // Most nodes are looked at by name only: a SyntaxNode is made for the few that matter.
    const NAMED = new Set([
      'ReturnStatement',
      'VariableName',
      'PropertyDefinition',
      'VariableDefinition',
      'ImportMeta',
      'DynamicImport',
      'AwaitExpression',
      'await',
      'new',
    ]);
    let skipTo = -1;
    const cursor = top.cursor();
    do {
      if (cursor.type.isError) unsupported();
      const name = cursor.name;
      // Import and export-list declarations are removed whole; their names are no uses.
      if (cursor.from < skipTo) continue;
      if (
        name === 'ImportDeclaration' ||
        (name === 'ExportDeclaration' &&
          (cursor.node.getChild('ExportGroup') || cursor.node.getChild('Star')))
      ) {
        skipTo = cursor.to;
        continue;
      }
      if (!NAMED.has(name)) continue;
      const node = cursor.node;
      const text = source.slice(node.from, node.to);
      // Valid in the module function, not in a module: the browser must see them.
      if (
        (name === 'ReturnStatement' && !inFunction(node)) ||
        (name === 'VariableName' && text === 'arguments' && !inFunction(node, false)) ||
        (name === 'new' && node.parent?.name === 'NewTarget' && !inFunction(node, false))
      )
        unsupported();
      if (name === 'VariableName' && shape.imports.has(text)) {
        const parent = node.parent;
        const target =
          parent?.name === 'AssignmentExpression' && parent.firstChild?.from === node.from;
        const operator = parent?.getChild('ArithOp');
        const updated =
          (parent?.name === 'UnaryExpression' || parent?.name === 'PostfixExpression') &&
          operator != null &&
          /^(\+\+|--)$/.test(source.slice(operator.from, operator.to));
        if (target || updated) unsupported();
        references.push({ node, local: text, shorthand: false });
      } else if (
        name === 'PropertyDefinition' &&
        node.parent?.name === 'Property' &&
        node.parent.firstChild?.from === node.from &&
        node.parent.lastChild?.to === node.to &&
        shape.imports.has(text)
      ) {
        references.push({ node, local: text, shorthand: true });
      } else if (name === 'VariableDefinition' && shape.imports.has(text)) {
        const scope = scopeOf(node);
        if (scope.name === 'Script') unsupported();
        scopes.set(text, [...(scopes.get(text) ?? []), scope]);
      } else if (name === 'ImportMeta') {
        shape.edits.push({ from: node.from, to: node.to, text: META });
      } else if (name === 'DynamicImport') {
        const parts = children(node);
        if (parts.length === 4 && parts[2]!.name === 'String')
          shape.edits.push({ from: node.from, to: node.to, request: literal(source, parts[2]!) });
      } else if (
        (name === 'AwaitExpression' ||
          (name === 'await' && node.parent?.name === 'ForStatement')) &&
        !inFunction(node)
      ) {
        shape.async = true;
      }
    } while (cursor.next());
    finish();

    function finish() {
      for (const { node, local, shorthand } of references) {
        const shadowed = scopes
          .get(local)
          ?.some((scope) => scope.from <= node.from && node.to <= scope.to);
        if (shadowed) continue;
        const binding = shape.imports.get(local)!;
        const value = bindingExpression(shape.requests.indexOf(binding.request), binding.name);
        const parent = node.parent;
        const callee =
          (parent?.name === 'CallExpression' || parent?.name === 'TaggedTemplateExpression') &&
          parent.firstChild?.from === node.from;
        const text = shorthand
          ? `${local}:${value}`
          : callee && binding.name !== '*'
            ? `(0,${value})`
            : value;
        shape.edits.push({ from: node.from, to: node.to, text });
      }
    }
  }
}

/** How the module function reads `name` of its dependency number `index`. */
export function bindingExpression(index: number, name: string): string {
  const namespace = `${DEPENDENCIES}[${index}]`;
  if (name === '*') return namespace;
  return /^[A-Za-z_$][\w$]*$/.test(name)
    ? `${namespace}.${name}`
    : `${namespace}[${JSON.stringify(name)}]`;
}
