import { describe, it } from 'node:test';
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

describe('generated documentation', () => {
  it('README.md element tables match custom-elements.json (run `npm run docs`)', async () => {
    const { stderr } = await promisify(execFile)(process.execPath, [
      'scripts/readme-api.mjs',
      '--check',
    ]).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
    expect(stderr).to.equal('');
  });
});
