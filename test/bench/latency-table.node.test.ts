import { describe, it } from 'node:test';
import { expect } from 'chai';
// @ts-expect-error -- plain ESM bench helper without type declarations
import { printTable } from '../../bench/latency-table.mjs';

const printed = (groups: unknown[]): string[] => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (text: string) => lines.push(...text.split('\n'));
  try {
    printTable({ count: 3, groups });
  } finally {
    console.log = log;
  }
  return lines;
};

describe('the preview latency table', () => {
  const ours = 'ours, four-file seed: css (in place)';
  const floor = 'floor: bare sandboxed srcdoc, stylesheet in place';
  const playground = 'playground-elements, four-file seed: css';
  const lines = printed([
    {
      cases: [
        [ours, 'ours', 'four-file seed', 'css'],
        [playground, 'playground', 'four-file seed', 'css'],
        [floor, 'ours', 'stylesheet', null],
      ],
      floors: { 'stylesheet in place': floor },
      samples: new Map([
        [ours, [2, 2, 2]],
        [playground, [8, 8, 8]],
        [floor, [4, 4, 4]],
      ]),
      first: new Map([
        [ours, [6, 2]],
        [playground, [30, 8]],
        [floor, [20, 4]],
      ]),
    },
  ]);

  it('gives our row its ratio to the stylesheet floor', () => {
    expect(lines.find((line) => line.startsWith(`| ${ours}`))).to.include(
      '÷ stylesheet in place: 0.50× / 0.50×',
    );
  });

  it('prints the first writes of the floors beside ours, each against its own steady median', () => {
    const start = lines.indexOf('first writes after load (ms, in order; × the steady median):');
    expect(lines.slice(start + 1)).to.deep.equal([
      `  ${ours}: 6.0, 2.0 (worst 3.00×)`,
      `  ${floor}: 20.0, 4.0 (worst 5.00×)`,
    ]);
  });
});
