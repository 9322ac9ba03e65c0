import { expect } from 'chai';
import {
  hashStarterFiles,
  STARTER_ERROR_CODES as CODES,
  STARTER_FILE_LIMIT,
  validateStarterFiles,
} from '../../src/composition/starter-files.js';
import { describe, it } from '../support/spec.js';

describe('starter files: the workspace limits and a stable hash', () => {
  it('canonicalises paths and keeps the text as given', () => {
    const result = validateStarterFiles([{ path: './pages//about.html', text: '<p>a</p>' }]);
    expect(result).to.deep.equal({
      ok: true,
      value: [{ path: 'pages/about.html', text: '<p>a</p>' }],
    });
  });

  it('refuses the whole set on the first problem, with a code per problem', () => {
    const code = (files: { path: unknown; text: unknown }[]) => {
      const result = validateStarterFiles(files);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(code([{ path: 'a/../../b.html', text: '' }])).to.equal(CODES.STARTER_PATH_INVALID);
    expect(code([{ path: null, text: '' }])).to.equal(CODES.STARTER_PATH_INVALID);
    expect(
      code([
        { path: 'a.css', text: '' },
        { path: 'A.css', text: '' },
      ]),
    ).to.equal(CODES.STARTER_PATH_DUPLICATE);
    expect(code([{ path: 'a.wasm', text: '' }])).to.equal(CODES.STARTER_FILE_UNSUPPORTED);
    expect(code([{ path: 'a.js', text: 'x'.repeat(80_001) }])).to.equal(
      CODES.STARTER_FILE_TOO_LARGE,
    );
    expect(code([{ path: 'a.js', text: 'x'.repeat(80_000) }])).to.equal('ok');
    expect(code([{ path: 'a.js', text: 3 }])).to.equal(CODES.STARTER_FILE_TOO_LARGE);
    const many = Array.from({ length: STARTER_FILE_LIMIT + 1 }, (_, i) => ({
      path: `f${i}.txt`,
      text: '',
    }));
    expect(code(many)).to.equal(CODES.STARTER_FILES_TOO_MANY);
  });

  it('hashes the set, not the order it was written in', async () => {
    const a = { path: 'a.html', text: '<p>a</p>' };
    const b = { path: 'b.css', text: 'p{}' };
    const hash = await hashStarterFiles([a, b]);
    expect(hash).to.match(/^[0-9a-f]{64}$/);
    expect(await hashStarterFiles([b, a])).to.equal(hash);
    expect(await hashStarterFiles([a, { ...b, text: 'p{ }' }])).not.to.equal(hash);
  });
});
