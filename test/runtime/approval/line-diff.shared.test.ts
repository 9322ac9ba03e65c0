import { expect } from 'chai';
import { diffLines, splitLines, type LineDiff } from '../../../src/runtime/approval/line-diff.js';
import { describe, it } from '../../support/spec.js';

// The approval card's "Show change" diff: exact output for each trimming, windowing and
// bounding rule, and a check against a reference LCS on many small inputs.

const MARK = { added: '+', removed: '-', context: ' ' } as const;
const shown = (diff: LineDiff) => diff.lines.map((line) => `${MARK[line.kind]}${line.text}`);
const text = (...lines: string[]) => lines.join('\n');
const numbered = (count: number, label: string) =>
  Array.from({ length: count }, (_, index) => `${label} ${index}`);

/** The length of a longest common subsequence, by the textbook recursion. */
function lcsLength(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const at = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = `${i},${j}`;
    let value = memo.get(key);
    if (value === undefined) {
      value = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
      memo.set(key, value);
    }
    return value;
  };
  return at(0, 0);
}

describe('bounded line diff', () => {
  it('splits on LF, CRLF and CR; an empty text has no lines', () => {
    expect(splitLines('')).to.deep.equal([]);
    expect(splitLines('a\r\nb\rc\nd')).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(splitLines('\n')).to.deep.equal(['', '']);
    expect(diffLines('a\r\nb\rc', 'a\nb\nc')).to.deep.include({ added: 0, removed: 0 });
  });

  it('shows the change with two lines of context on each side by default', () => {
    const before = text('1', '2', '3', '4', '5', 'X', '6', '7', '8', '9');
    const after = text('1', '2', '3', '4', '5', 'Y', '6', '7', '8', '9');
    expect(diffLines(before, after)).to.deep.equal({
      added: 1,
      removed: 1,
      lines: [
        { kind: 'context', text: '4' },
        { kind: 'context', text: '5' },
        { kind: 'removed', text: 'X' },
        { kind: 'added', text: 'Y' },
        { kind: 'context', text: '6' },
        { kind: 'context', text: '7' },
      ],
      omitted: 0,
    });
    expect(shown(diffLines(before, after, { context: 0 }))).to.deep.equal(['-X', '+Y']);
    expect(shown(diffLines(before, after, { context: 1 }))).to.deep.equal([' 5', '-X', '+Y', ' 6']);
    expect(shown(diffLines(before, after, { context: 9 }))).to.deep.equal([
      ...[' 1', ' 2', ' 3', ' 4', ' 5'],
      ...['-X', '+Y'],
      ...[' 6', ' 7', ' 8', ' 9'],
    ]);
  });

  it('shows fewer context lines where the file starts or ends', () => {
    expect(shown(diffLines(text('X', '1', '2', '3'), text('Y', '1', '2', '3')))).to.deep.equal([
      '-X',
      '+Y',
      ' 1',
      ' 2',
    ]);
    expect(shown(diffLines(text('1', 'X', '2'), text('1', 'Y', '2')))).to.deep.equal([
      ' 1',
      '-X',
      '+Y',
      ' 2',
    ]);
    expect(shown(diffLines(text('1', '2', '3', 'X'), text('1', '2', '3', 'Y')))).to.deep.equal([
      ' 2',
      ' 3',
      '-X',
      '+Y',
    ]);
  });

  it('shows pure insertions and deletions between common lines', () => {
    const four = text('1', '2', '3', '4');
    const inserted = diffLines(four, text('1', '2', 'N', '3', '4'));
    expect(inserted).to.deep.include({ added: 1, removed: 0, omitted: 0 });
    expect(shown(inserted)).to.deep.equal([' 1', ' 2', '+N', ' 3', ' 4']);
    const deleted = diffLines(text('1', '2', 'D', '3', '4'), four);
    expect(deleted).to.deep.include({ added: 0, removed: 1, omitted: 0 });
    expect(shown(deleted)).to.deep.equal([' 1', ' 2', '-D', ' 3', ' 4']);
    expect(shown(diffLines(text('a', 'b', 'c'), 'a'))).to.deep.equal([' a', '-b', '-c']);
    expect(shown(diffLines('a', text('a', 'b', 'c')))).to.deep.equal([' a', '+b', '+c']);
    expect(shown(diffLines(text('a', 'b', 'c'), 'c'))).to.deep.equal(['-a', '-b', ' c']);
    expect(shown(diffLines('c', text('a', 'b', 'c')))).to.deep.equal(['+a', '+b', ' c']);
    // The new side runs out first while old lines are left.
    expect(shown(diffLines(text('b', 'a', 'c', 'a', 'd'), 'a'))).to.deep.equal([
      '-b',
      ' a',
      '-c',
      '-a',
      '-d',
    ]);
  });

  it('does not let the common head and tail overlap on repeated lines', () => {
    expect(diffLines('x', text('x', 'x'))).to.deep.include({ added: 1, removed: 0 });
    expect(shown(diffLines('x', text('x', 'x')))).to.deep.equal([' x', '+x']);
    expect(diffLines(text('x', 'x'), 'x')).to.deep.include({ added: 0, removed: 1 });
    expect(shown(diffLines(text('x', 'x'), 'x'))).to.deep.equal([' x', '-x']);
    expect(shown(diffLines(text('x', 'y', 'x'), text('x', 'x')))).to.deep.equal([' x', '-y', ' x']);
    expect(shown(diffLines(text('x', 'x'), text('x', 'y', 'x')))).to.deep.equal([' x', '+y', ' x']);
  });

  it('reads a replaced block old then new, and keeps the longest common run', () => {
    expect(shown(diffLines('x', 'y'))).to.deep.equal(['-x', '+y']);
    expect(shown(diffLines(text('p', 'q'), text('r', 's')))).to.deep.equal([
      '-p',
      '-q',
      '+r',
      '+s',
    ]);
    expect(shown(diffLines(text('a', 'b'), text('c', 'a')))).to.deep.equal(['+c', ' a', '-b']);
    expect(shown(diffLines(text('A', 'B', 'C'), text('C', 'A', 'B')))).to.deep.equal([
      '+C',
      ' A',
      ' B',
      '-C',
    ]);
    // Of several equally short scripts, always the same one (on a tie, the removal first).
    expect(shown(diffLines(text('c', 'a'), text('a', 'c')))).to.deep.equal(['-c', ' a', '+c']);
    expect(shown(diffLines(text('b', 'a', 'c'), text('c', 'b')))).to.deep.equal([
      '-b',
      '-a',
      ' c',
      '+b',
    ]);
    expect(shown(diffLines(text('c', 'a', 'a', 'b'), text('a', 'b', 'a')))).to.deep.equal([
      '-c',
      ' a',
      '-a',
      ' b',
      '+a',
    ]);
    expect(shown(diffLines(text('b', 'a', 'b', 'a', 'c', 'b'), text('c', 'a', 'a')))).to.deep.equal(
      ['-b', '+c', ' a', '-b', ' a', '-c', '-b'],
    );
  });

  it('handles empty files and identical texts', () => {
    expect(diffLines('', '')).to.deep.equal({ added: 0, removed: 0, lines: [], omitted: 0 });
    expect(diffLines('', text('a', 'b'))).to.deep.equal({
      added: 2,
      removed: 0,
      lines: [
        { kind: 'added', text: 'a' },
        { kind: 'added', text: 'b' },
      ],
      omitted: 0,
    });
    expect(shown(diffLines(text('a', 'b'), ''))).to.deep.equal(['-a', '-b']);
    expect(shown(diffLines('a\n', 'a'))).to.deep.equal([' a', '-']);
    // Nothing changed: only the context window before the (empty) change is shown.
    expect(diffLines(text('1', '2', '3'), text('1', '2', '3'))).to.deep.equal({
      added: 0,
      removed: 0,
      lines: [
        { kind: 'context', text: '2' },
        { kind: 'context', text: '3' },
      ],
      omitted: 0,
    });
  });

  it('keeps at most maxLines lines and counts the rest as omitted', () => {
    const ten = text(...numbered(10, 'n'));
    const capped = diffLines('', ten, { maxLines: 3 });
    expect(capped.added).to.equal(10);
    expect(shown(capped)).to.deep.equal(['+n 0', '+n 1', '+n 2']);
    expect(capped.omitted).to.equal(7);
    expect(diffLines('', ten, { maxLines: 10 })).to.deep.include({ omitted: 0 });
    expect(diffLines('', ten, { maxLines: 10 }).lines).to.have.length(10);
    expect(diffLines('', ten, { maxLines: 20 })).to.deep.include({ omitted: 0 });
    const many = diffLines('', text(...numbered(250, 'n')));
    expect(many.lines).to.have.length(200);
    expect(many.omitted).to.equal(50);
  });

  it('cuts each shown line at maxLineLength characters and marks the cut', () => {
    const cut = diffLines(text('same 1234', 'abcde'), text('same 1234', 'abcdef'), {
      maxLineLength: 5,
    });
    expect(shown(cut)).to.deep.equal([' same …', '-abcde', '+abcde…']);
    const long = 'y'.repeat(200);
    expect(shown(diffLines(long, `${long}y`))).to.deep.equal([`-${long}`, `+${long}…`]);
  });

  it('diffs the middle exactly up to a million cells, then counts it as replaced', () => {
    // A shared line in the middle, and first and last lines that differ so nothing is trimmed.
    const side = (count: number, label: string) => {
      const lines = numbered(count, label);
      lines[500] = 'shared';
      return text(...lines);
    };
    const exact = diffLines(side(1000, 'old'), side(1000, 'new'), { maxLines: 0 });
    expect(exact).to.deep.include({ added: 999, removed: 999, omitted: 1999 });
    const replaced = diffLines(side(1001, 'old'), side(1000, 'new'), { maxLines: 2 });
    expect(replaced).to.deep.include({ added: 1000, removed: 1001, omitted: 1999 });
    expect(shown(replaced)).to.deep.equal(['-old 0', '-old 1']);
  });

  it('matches a reference LCS on many small inputs, and both texts read back from it', () => {
    // A fixed linear congruential generator: the same cases on every run.
    let seed = 7;
    const next = (bound: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % bound;
    };
    const sample = () => Array.from({ length: next(8) }, () => 'abc'[next(3)]!);
    for (let round = 0; round < 400; round++) {
      const a = sample();
      const b = sample();
      const diff = diffLines(text(...a), text(...b), { context: 10, maxLines: 100 });
      const common = lcsLength(a, b);
      const label = `${a.join('')} → ${b.join('')}`;
      expect(diff.removed, label).to.equal(a.length - common);
      expect(diff.added, label).to.equal(b.length - common);
      const read = (skip: string) =>
        diff.lines.filter((line) => line.kind !== skip).map((line) => line.text);
      expect(read('added'), label).to.deep.equal(a);
      expect(read('removed'), label).to.deep.equal(b);
    }
  });
});
