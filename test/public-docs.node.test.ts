import { describe, it } from 'node:test';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listUndocumented } from '../scripts/public-docs.mjs';

mkdirSync('.tmp', { recursive: true });

describe('doc comments on the public API (scripts/public-docs.mjs)', () => {
  it('finds undocumented declarations through re-exports and accepts documented ones', () => {
    const dir = resolve(mkdtempSync(join('.tmp', 'public-docs-')));
    try {
      writeFileSync(
        join(dir, 'entry.ts'),
        "export * from './inner.js';\nexport { bare as renamed } from './other.js';\n",
      );
      writeFileSync(
        join(dir, 'inner.ts'),
        [
          '/** Documented: says what it is for. */',
          'export const kept = 1;',
          'export const missing = 2;',
          '/** Overloads carry the doc. */',
          'export function over(a: string): string;',
          'export function over(a: number): number;',
          'export function over(a: unknown): unknown { return a; }',
          '/** */',
          'export interface EmptyDoc { a: number }',
          '',
        ].join('\n'),
      );
      writeFileSync(join(dir, 'other.ts'), 'export type bare = string;\n');
      const found = listUndocumented({ entries: [join(dir, 'entry.ts')], under: dir });
      const names = found.map((line) => line.split(' ')[1]);
      expect(names.sort()).to.deep.equal(['EmptyDoc', 'bare', 'missing']);
      expect(found.find((line) => line.endsWith(' missing'))).to.match(/inner\.ts:3 missing$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every declaration reachable from the package exports has a doc comment', () => {
    expect(listUndocumented()).to.deep.equal([]);
  });
});
