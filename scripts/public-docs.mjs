// Lists every declaration reachable from the package's public entries (package.json `exports`)
// that has no doc comment of its own, so editors and the API reference never show a bare name.
// Run with `--list` to print them; test/public-docs.node.test.ts expects none.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The source file of each public entry: `./dist/types/X.d.ts` in package.json is `src/X.ts`. */
export function publicEntries() {
  const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
  return Object.values(pkg.exports)
    .map((target) => (typeof target === 'object' ? target.types : undefined))
    .filter((types) => typeof types === 'string' && types.startsWith('./dist/types/'))
    .map((types) =>
      resolve(ROOT, types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts')),
    );
}

function compilerOptions() {
  const file = resolve(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, file).options;
}

/** A doc comment with some text in it, on the node or (for variables) on its statement. */
function documented(node) {
  const carrier =
    ts.isVariableDeclaration(node) || ts.isBindingElement(node)
      ? (ts.findAncestor(node, ts.isVariableStatement) ?? node)
      : node;
  return ts.getJSDocCommentsAndTags(carrier).some(
    (doc) =>
      ts.isJSDoc(doc) &&
      doc
        .getText()
        .replace(/^\/\*\*|\*\/$|\*/g, '')
        .trim() !== '',
  );
}

/** Overloads of one function share their doc: one documented signature is enough. */
function documentedOverload(node, declarations) {
  return (
    ts.isFunctionDeclaration(node) &&
    declarations.some((other) => ts.isFunctionDeclaration(other) && documented(other))
  );
}

/**
 * `path:line name` for each declaration exported by the entries (the public ones by default) that
 * lies under `under` and has no doc comment.
 */
export function listUndocumented({ entries = publicEntries(), under = resolve(ROOT, 'src') } = {}) {
  const program = ts.createProgram(entries, compilerOptions());
  const checker = program.getTypeChecker();
  const found = new Set();
  for (const entry of entries) {
    const source = program.getSourceFile(entry);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`public entry not found: ${relative(ROOT, entry)}`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declarations = symbol.declarations ?? [];
      for (const node of declarations) {
        const file = node.getSourceFile().fileName;
        if (ts.isSourceFile(node) || !file.startsWith(under + '/')) continue;
        if (documented(node) || documentedOverload(node, declarations)) continue;
        const at = ts.getNameOfDeclaration(node) ?? node;
        const { line } = node.getSourceFile().getLineAndCharacterOfPosition(at.getStart());
        found.add(`${relative(ROOT, file)}:${line + 1} ${symbol.name}`);
      }
    }
  }
  return [...found].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const list = listUndocumented();
  if (process.argv.includes('--list')) for (const line of list) console.log(line);
  console.log(`${list.length} public declarations without a doc comment`);
}
