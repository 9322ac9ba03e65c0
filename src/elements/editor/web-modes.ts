/**
 * The HTML, CSS and JavaScript modes as one chunk: the HTML mode nests the other two, so a
 * workspace of web files needs all three and gets them in one request.
 */
export { html } from '@codemirror/lang-html';
export { css } from '@codemirror/lang-css';
export { javascript } from '@codemirror/lang-javascript';
