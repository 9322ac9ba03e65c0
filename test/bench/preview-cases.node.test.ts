import { describe, it } from 'node:test';
import { expect } from 'chai';
// @ts-expect-error -- plain ESM bench helper without type declarations
import { previewGroups } from '../../bench/preview-cases.mjs';
import { FLOORS } from '../../bench/preview-floors.js';
import { benchWorkspaces } from '../../bench/preview-workspaces.js';

type Case = [label: string, runner: string, name: string, kind: string | null];
interface Group {
  cases: Case[];
  floors: Record<string, string>;
}

// The bench runs for minutes before it prints: a case it cannot open or a pairing naming no row
// would only fail at the end. Checked here without a browser.
describe('the preview latency bench’s cases', () => {
  const groups = previewGroups(true) as Group[];

  it('open a floor the bench page defines or a workspace it edits', () => {
    const workspaces = benchWorkspaces.map((workspace) => workspace.name);
    for (const [label, , name, kind] of groups.flatMap((group) => group.cases))
      expect(kind === null ? Object.keys(FLOORS) : workspaces, label).to.include(name);
  });

  it('pair our row of each group only with cases of that group', () => {
    for (const { cases, floors } of groups)
      for (const label of Object.values(floors))
        expect(
          cases.map(([caseLabel]) => caseLabel),
          cases[0]![0],
        ).to.include(label);
  });

  it('pair our seed’s in-place CSS write with the bare stylesheet-write floor', () => {
    const group = groups.find(
      ({ cases }) => cases[0]![0] === 'ours, four-file seed: css (in place)',
    );
    const label = group?.floors['stylesheet in place'];
    expect(group?.cases.find(([caseLabel]) => caseLabel === label)).to.deep.equal([
      'floor: bare sandboxed srcdoc, stylesheet in place',
      'ours',
      'stylesheet',
      null,
    ]);
  });
});
