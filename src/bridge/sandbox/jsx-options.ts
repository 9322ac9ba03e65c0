/**
 * Which JSX runtime a module compiles for: a pragma comment at the top of the file, else the
 * workspace's tsconfig.json `compilerOptions`, else the automatic runtime imported from
 * `react/jsx-runtime`, TypeScript's own default source (docs/typescript-and-packages.md).
 */

/** The sucrase options that follow from a module's pragmas and the workspace's tsconfig.json. */
export interface JsxOptions {
  jsxRuntime: 'classic' | 'automatic';
  production: boolean;
  jsxImportSource?: string;
  jsxPragma?: string;
  jsxFragmentPragma?: string;
  keepUnusedImports: boolean;
}

export const DEFAULT_JSX_IMPORT_SOURCE = 'react';

interface CompilerOptions {
  jsx?: unknown;
  jsxFactory?: unknown;
  jsxFragmentFactory?: unknown;
  jsxImportSource?: unknown;
  verbatimModuleSyntax?: unknown;
}

const word = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

let parsed: { text: string | undefined; options: CompilerOptions } = {
  text: undefined,
  options: {},
};

/** tsconfig.json allows comments and trailing commas; a file that does not parse sets nothing. */
function compilerOptions(tsconfig: string | undefined): CompilerOptions {
  if (parsed.text === tsconfig) return parsed.options;
  let options: CompilerOptions = {};
  try {
    const json = (tsconfig ?? '{}')
      .replace(/("(?:\\.|[^"\\\n])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_all, string?: string) =>
        string ? string : '',
      )
      .replace(/,(\s*[}\]])/g, '$1');
    const value = JSON.parse(json) as { compilerOptions?: unknown };
    if (value.compilerOptions && typeof value.compilerOptions === 'object')
      options = value.compilerOptions as CompilerOptions;
  } catch {
    options = {};
  }
  parsed = { text: tsconfig, options };
  return options;
}

// `@jsx h`, `@jsxFrag Fragment`, `@jsxImportSource preact`, `@jsxRuntime classic`, read from the
// comments before the first statement, as TypeScript and Babel read them.
const LEADING_COMMENTS = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/;
const PRAGMA = /@(jsx|jsxFrag|jsxImportSource|jsxRuntime)\s+([^\s*]+)/g;

function pragmas(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const comments = LEADING_COMMENTS.exec(source)?.[0] ?? '';
  for (const [, name, value] of comments.matchAll(PRAGMA)) found.set(name!, value!);
  return found;
}

export function jsxOptions(source: string, tsconfig: string | undefined): JsxOptions {
  const options = compilerOptions(tsconfig);
  const inFile = pragmas(source);
  const pragma = inFile.get('jsx') ?? word(options.jsxFactory);
  const classic =
    inFile.get('jsxRuntime') === 'classic' ||
    (inFile.get('jsxRuntime') !== 'automatic' &&
      (inFile.has('jsx') || (!inFile.has('jsxImportSource') && options.jsx === 'react')));
  const keepUnusedImports = options.verbatimModuleSyntax === true;
  if (classic) {
    return {
      jsxRuntime: 'classic',
      production: true,
      jsxPragma: pragma ?? 'React.createElement',
      jsxFragmentPragma:
        inFile.get('jsxFrag') ?? word(options.jsxFragmentFactory) ?? 'React.Fragment',
      keepUnusedImports,
    };
  }
  return {
    jsxRuntime: 'automatic',
    // react-jsxdev imports `jsxDEV` from the source's jsx-dev-runtime.
    production: options.jsx !== 'react-jsxdev',
    jsxImportSource:
      inFile.get('jsxImportSource') ?? word(options.jsxImportSource) ?? DEFAULT_JSX_IMPORT_SOURCE,
    keepUnusedImports,
  };
}
