// The source layers and what each may not import: runtime is the framework-free core; storage and
// bridge adapt it to the platform; elements draw it; composition composes them; host is the Node
// companion; server holds the Node HTTP helpers the two Node servers (the MCP host in bridge, the
// companion in host) share. eslint.config.js turns this list into rules, and docs/architecture.md's layer table
// is checked against it.

/** Every layer under src/, with the other layers (`banned`) and packages it must not import. */
export const LAYERS = [
  {
    files: ['src/runtime/**/*.ts'],
    banned: ['storage', 'bridge', 'elements', 'composition', 'host', 'server'],
    packages: ['lit', 'lit/*', '@lit/*', 'idb'],
    message:
      'src/runtime is the framework-free core: it imports no storage, bridge, element, composition, host or server code.',
  },
  {
    files: ['src/storage/**/*.ts'],
    banned: ['bridge', 'elements', 'composition', 'host', 'server'],
    packages: ['lit', 'lit/*', '@lit/*'],
    message: 'src/storage adapts the core to storage: it imports only runtime.',
  },
  {
    files: ['src/bridge/**/*.ts'],
    banned: ['elements', 'composition', 'storage', 'host'],
    packages: ['lit', 'lit/*', '@lit/*'],
    message: 'src/bridge imports no elements, storage, composition or host code.',
  },
  {
    files: ['src/elements/**/*.ts'],
    banned: ['storage', 'host', 'server'],
    packages: ['idb'],
    message:
      'src/elements import no storage or host code: the composition layer (src/composition) wires storage.',
  },
  {
    files: ['src/composition/**/*.ts'],
    banned: ['elements', 'bridge', 'host', 'server'],
    packages: ['lit', 'lit/*', '@lit/*'],
    message:
      'src/composition composes the runtime for the elements: it imports only runtime and storage.',
  },
  {
    // The Node companion process behind `context-action-host`: no browser code at all.
    files: ['src/host/**/*.ts'],
    banned: ['bridge', 'elements', 'composition'],
    packages: ['lit', 'lit/*', '@lit/*', 'idb'],
    message:
      'src/host is the Node companion process: it imports only runtime, storage and the Node HTTP helpers.',
  },
  {
    // Node HTTP helpers shared by the MCP host and the companion: Node's own modules only.
    files: ['src/server/**/*.ts'],
    banned: ['runtime', 'storage', 'bridge', 'elements', 'composition', 'host'],
    packages: ['lit', 'lit/*', '@lit/*', 'idb'],
    message: 'src/server holds Node HTTP helpers: it imports nothing of the SDK.',
  },
];
