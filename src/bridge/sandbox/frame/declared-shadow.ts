/**
 * The attribute the assembler gives a page's declarative shadow root templates in place of
 * `shadowrootmode`: the frame's parser leaves them inert templates, and the guard attaches each
 * root itself once the template is complete, watching it before its content (and any frame in
 * it) arrives. A root the parser attached on its own would be one the guard could miss.
 */
export const DECLARED_SHADOW_ROOT = 'data-preview-shadowrootmode';
