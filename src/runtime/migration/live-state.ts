/**
 * Live-state detection for capability migration (T6). A recipe crosses a realm boundary as
 * plain JSON; anything that only means something inside the realm that made it — a world,
 * renderer, canvas, context, fiber, page, carrier, UI, selection, draft, undo or session — is
 * found at any depth and named by kind and path, so the caller can see what to replace with a
 * `SnapshotRef` or an `ArtifactRef`.
 */

/** The kinds of live state a migration never carries. */
export const MIGRATION_LIVE_STATE_KINDS = [
  'world',
  'renderer',
  'canvas',
  'context',
  'fiber',
  'page',
  'carrier',
  'ui',
  'selection',
  'draft',
  'undo',
  'session',
] as const;

/** A kind of live state that cannot cross a realm boundary. */
export type MigrationLiveStateKind = (typeof MIGRATION_LIVE_STATE_KINDS)[number];

/** What was found and where (`arguments.files[2].canvas`). */
export interface MigrationLiveStateFinding {
  path: string;
  /** A live-state kind, or `live-object` for any other non-JSON object or function. */
  kind: MigrationLiveStateKind | 'live-object';
  /** Why: the key's name, the object's constructor, or `function`/`cycle`/`symbol`. */
  reason: string;
}

// Constructor names that betray a live object, tested in order (most specific first).
const CONSTRUCTOR_KINDS: readonly [RegExp, MigrationLiveStateKind][] = [
  [/RenderingContext|CanvasContext|GPUCanvasContext/i, 'context'],
  [/Canvas/i, 'canvas'],
  [/Renderer|^GPU|WebGL/i, 'renderer'],
  [/World|Scene/i, 'world'],
  [/Selection|Range/i, 'selection'],
  [/Promise|Signal|Generator|Fiber/i, 'fiber'],
  [/Window|Document|Element|Node|Frame/i, 'page'],
  [/Port|Worker|Channel|Socket|Transport/i, 'carrier'],
  [/EditorState|EditorView|Transaction/i, 'draft'],
];

// A key names live state when it is a kind, plural or not, alone or with a word that marks
// state (`canvas`, `drafts`, `undoStack`, `session_state`, `UI-handle`); `pageSize` is data.
const STATE_WORDS = new Set(['state', 'states', 'stack', 'history', 'handle', 'store', 'instance']);

function keyKind(key: string): MigrationLiveStateKind | undefined {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 2) return undefined;
  if (words.length === 2 && !STATE_WORDS.has(words[1]!)) return undefined;
  const word = words[0]!;
  return MIGRATION_LIVE_STATE_KINDS.find((kind) => word === kind || word === `${kind}s`);
}

function constructorName(value: object): string {
  try {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'anonymous';
  } catch {
    return 'proxy';
  }
}

function objectKind(value: object): MigrationLiveStateKind | 'live-object' {
  const name = constructorName(value);
  return CONSTRUCTOR_KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'live-object';
}

function isPlainPrototype(value: object): boolean {
  try {
    const proto = Object.getPrototypeOf(value) as unknown;
    return Array.isArray(value)
      ? proto === Array.prototype
      : proto === Object.prototype || proto === null;
  } catch {
    return false;
  }
}

const child = (path: string, key: string | number) =>
  typeof key === 'number'
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? `${path}.${key}`
      : `${path}[${JSON.stringify(key)}]`;

/**
 * The first live state in `value`, depth-first, or `null` when it is plain JSON data in shape
 * (numbers are checked elsewhere). Getters are never invoked: only own data properties count.
 */
export function findMigrationLiveState(
  value: unknown,
  path = 'value',
  seen: Set<object> = new Set(),
): MigrationLiveStateFinding | null {
  if (typeof value === 'function')
    return { path, kind: objectKind(value), reason: `function ${constructorName(value)}` };
  if (typeof value === 'symbol') return { path, kind: 'live-object', reason: 'symbol' };
  if (typeof value !== 'object' || value === null) return null;
  if (seen.has(value)) return { path, kind: 'live-object', reason: 'cycle' };
  if (!isPlainPrototype(value))
    return { path, kind: objectKind(value), reason: constructorName(value) };
  seen.add(value);
  let descriptors: Record<string, PropertyDescriptor>;
  try {
    descriptors = Object.getOwnPropertyDescriptors(value);
  } catch {
    return { path, kind: 'live-object', reason: 'proxy' };
  }
  if (Object.getOwnPropertySymbols(value).length > 0)
    return { path, kind: 'live-object', reason: 'symbol key' };
  const isArray = Array.isArray(value);
  for (const [key, descriptor] of Object.entries(descriptors)) {
    if (isArray && key === 'length') continue;
    const at = child(path, isArray ? Number(key) : key);
    if (!('value' in descriptor)) return { path: at, kind: 'live-object', reason: 'accessor' };
    const kind = isArray ? undefined : keyKind(key);
    if (kind) return { path: at, kind, reason: `key ${key}` };
    const found = findMigrationLiveState(descriptor.value, at, seen);
    if (found) return found;
  }
  seen.delete(value);
  return null;
}
