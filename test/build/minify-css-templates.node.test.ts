import { describe, it } from 'node:test';
import { expect } from 'chai';
import { minifyCssTemplates, shortenCss } from '../../scripts/minify-css-templates.mjs';

/** The plugin's output for one module's source. */
const transformed = (code: string): string => {
  const { transform } = minifyCssTemplates() as unknown as {
    transform(code: string, id: string): { code: string } | null;
  };
  return transform(code, '/repo/src/elements/x/x.styles.ts')?.code ?? code;
};

describe('the build’s shortening of `css` templates', () => {
  it('drops comments and white space around braces, semicolons, commas and after colons', () => {
    const text = `
    /* Why this rule. */
    :host {
      display: flex;
      font-family: system-ui, sans-serif;
    }
    a :focus-visible { outline: 2px solid red; }
  `;
    expect(shortenCss(text, true, true)).to.equal(
      ':host{display:flex;font-family:system-ui,sans-serif;}a :focus-visible{outline:2px solid red;}',
    );
  });

  it('keeps quoted strings as written', () => {
    expect(shortenCss(`.a::after {  content: ' •  ;{ '; }`, true, true)).to.equal(
      `.a::after{content:' •  ;{ ';}`,
    );
  });

  it('leaves expressions, nested templates and other templates alone', () => {
    const code = [
      'const token = (name) => unsafeCSS(`var(${name},  red)`);',
      'export const styles = css`',
      '  ${button} > .label {',
      '    color: ${token(`--a`)};',
      '  }',
      '`;',
      '/** Like lit `css` tagged templates. */',
      'const other = html`<p>  two  spaces </p>`;',
    ].join('\n');
    expect(transformed(code)).to.equal(
      [
        'const token = (name) => unsafeCSS(`var(${name},  red)`);',
        'export const styles = css`${button} > .label{color:${token(`--a`)};}`;',
        '/** Like lit `css` tagged templates. */',
        'const other = html`<p>  two  spaces </p>`;',
      ].join('\n'),
    );
  });
});
