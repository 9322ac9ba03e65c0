/**
 * The parts of each element inside `<ca-studio>`, re-exported as `<name>-<part>` so a page can
 * style them from outside (`ca-studio::part(editor-tabs)`). The studio's JSDoc lists each one.
 */
const INNER_PARTS = {
  actions: ['toolbar', 'error', 'dialog'],
  explorer: ['toolbar', 'folder', 'tree', 'error', 'dialog'],
  'host-connect': ['button', 'dialog', 'offer', 'connect', 'error'],
  editor: ['tabs', 'surface', 'status', 'conflict'],
  preview: ['toolbar', 'status', 'frame', 'iframe', 'diagnostics', 'console'],
  catalog: ['toolbar', 'list', 'detail', 'schema', 'sample', 'run', 'result', 'confirm'],
  chat: ['mode', 'progress', 'log', 'composer'],
  trace: ['header', 'table', 'detail'],
  'status-bar': [
    'status',
    'storage',
    'storage-error',
    'download-button',
    'revision',
    'changes',
    'preview',
    'search-button',
    'search',
  ],
  approval: ['dialog', 'backdrop', 'approve', 'deny', 'show-change', 'diff'],
  settings: [
    'dialog',
    'form',
    'key-toggle',
    'clear-key',
    'load-models',
    'models',
    'error',
    'cancel',
    'save',
  ],
} as const;

/** The `exportparts` value for the child the studio calls `name` (also its own part name). */
export const exportParts = (name: keyof typeof INNER_PARTS): string =>
  INNER_PARTS[name].map((part) => `${part}: ${name}-${part}`).join(', ');
