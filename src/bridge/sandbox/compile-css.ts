/**
 * Stylesheets (P2): local `@import` chains inlined recursively, each sheet's `url()` resolved
 * against its own path, media conditions kept, cycles and excess cut with diagnostics.
 */
import {
  PREVIEW_DIAGNOSTIC_CODES as CODES,
  resolvePreviewReference,
} from '../../runtime/preview/index.js';
import type { CompileContext } from './compile-context.js';

const COMMENT = /\/\*[\s\S]*?\*\//g;
const IMPORT =
  /@import\s+(?:url\(\s*(["']?)([^"')]*)\1\s*\)|(["'])([^"']*)\3)\s*([^;]*?)\s*(?:;|$)/gim;
const URL_FUNCTION = /url\(\s*(["']?)([^"')]*?)\1\s*\)/gi;

/** Rewrites `url()` references of a CSS text written in the file at `fromPath`. */
export function rewriteCssUrls(css: string, fromPath: string, context: CompileContext): string {
  return css.replace(URL_FUNCTION, (whole, _quote: string, reference: string) => {
    const resolved = resolvePreviewReference(fromPath, reference);
    if (resolved.kind === 'inline') return whole;
    if (resolved.kind === 'external') {
      context.reportExternal('URL', resolved.url, fromPath);
      return 'url("")';
    }
    const url = resolved.kind === 'local' ? context.assetUrl(resolved.path) : undefined;
    if (url === undefined) {
      context.report({
        level: 'warning',
        code: CODES.MISSING_REFERENCE,
        message: `Missing file referenced by url(): ${reference.slice(0, 200)}`,
        path: fromPath,
      });
      return 'url("")';
    }
    return `url("${url}")`;
  });
}

/** The stylesheet at `path` with its imports inlined; `stack` holds the importing sheets. */
export function compileStylesheet(
  path: string,
  css: string,
  context: CompileContext,
  stack: readonly string[] = [],
): string {
  const chain = [...stack, path];
  const withoutComments = css.replace(COMMENT, '').replace(/@charset\s+["'][^"']*["']\s*;/gi, '');
  const inlined = withoutComments.replace(
    IMPORT,
    (
      _whole,
      _q1: string,
      urlReference: string | undefined,
      _q2: string,
      quoted: string | undefined,
      media: string,
    ) => inlineImport(path, urlReference ?? quoted ?? '', media.trim(), context, chain),
  );
  return rewriteCssUrls(inlined, path, context);
}

function inlineImport(
  fromPath: string,
  reference: string,
  media: string,
  context: CompileContext,
  chain: readonly string[],
): string {
  const resolved = resolvePreviewReference(fromPath, reference);
  if (resolved.kind === 'external') {
    context.reportExternal('stylesheet', resolved.url, fromPath);
    return '';
  }
  const text = resolved.kind === 'local' ? context.text(resolved.path) : undefined;
  if (resolved.kind !== 'local' || text === undefined) {
    context.report({
      level: 'warning',
      code: CODES.MISSING_REFERENCE,
      message: `Missing stylesheet in @import: ${reference.slice(0, 200)}`,
      path: fromPath,
    });
    return '';
  }
  if (chain.includes(resolved.path)) {
    context.report({
      level: 'warning',
      code: CODES.CSS_IMPORT_CYCLE,
      message: `@import cycle cut: ${[...chain, resolved.path].join(' → ')}`,
      path: fromPath,
    });
    return '';
  }
  const { maxCssImportDepth, maxCssImports } = context.limits;
  if (chain.length > maxCssImportDepth || context.cssImports >= maxCssImports) {
    context.report({
      level: 'warning',
      code: CODES.CSS_IMPORT_LIMIT,
      message: `@import of ${resolved.path} not inlined: limit of ${maxCssImportDepth} levels or ${maxCssImports} imports reached.`,
      path: fromPath,
    });
    return '';
  }
  context.cssImports += 1;
  const body = compileStylesheet(resolved.path, text, context, chain);
  return media ? `@media ${media} {\n${body}\n}\n` : `${body}\n`;
}
