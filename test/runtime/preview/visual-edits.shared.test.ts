import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { appendFeature, setAccent, updateHero } from '../../../src/runtime/preview/visual-edits.js';

const PAGE = `<header class="hero">
  <h1 class="hero-title">Old title</h1>
  <p class="hero-subtitle">Old subtitle</p>
</header>
<section class="features">
  <article class="feature"><h3>One</h3><p>First</p></article>
</section>
`;

describe('preview.setTheme edit', () => {
  it('rewrites --accent in :root and nothing else', () => {
    const css = ':root { --accent: #2563eb; --other: red; }\na { color: var(--accent); }';
    const outcome = setAccent(css, 'styles.css', '#16a34a');
    expect(outcome).to.deep.equal({
      ok: true,
      value: ':root { --accent: #16a34a; --other: red; }\na { color: var(--accent); }',
    });
  });

  it('returns PREVIEW_TARGET_NOT_FOUND without :root --accent', () => {
    const outcome = setAccent('a { color: red; }', 'styles.css', '#16a34a');
    expect(!outcome.ok && outcome.error).to.include({
      code: 'PREVIEW_TARGET_NOT_FOUND',
      retryable: false,
    });
  });
});

describe('preview.updateHero edit', () => {
  it('replaces the hero title and subtitle as escaped text', () => {
    const outcome = updateHero(PAGE, 'index.html', { title: 'New <b>', subtitle: 'Sub & more' });
    expect(outcome.ok && outcome.value).to.contain('<h1 class="hero-title">New &lt;b&gt;</h1>');
    expect(outcome.ok && outcome.value).to.contain('<p class="hero-subtitle">Sub &amp; more</p>');
  });

  it('returns PREVIEW_TARGET_NOT_FOUND when the element is missing', () => {
    const outcome = updateHero('<h1>x</h1>', 'index.html', { title: 'x' });
    expect(!outcome.ok && outcome.error.code).to.equal('PREVIEW_TARGET_NOT_FOUND');
  });
});

describe('preview.addFeature edit', () => {
  it('appends an article.feature at the end of section.features', () => {
    const outcome = appendFeature(PAGE, 'index.html', { title: 'Two', description: 'Second' });
    expect(outcome.ok && outcome.value).to.contain(
      '  <article class="feature"><h3>One</h3><p>First</p></article>\n  <article class="feature"><h3>Two</h3><p>Second</p></article>\n</section>',
    );
  });

  it('returns PREVIEW_TARGET_NOT_FOUND without section.features', () => {
    const outcome = appendFeature('<main></main>', 'index.html', { title: 'a', description: 'b' });
    expect(!outcome.ok && outcome.error.code).to.equal('PREVIEW_TARGET_NOT_FOUND');
  });
});
