/**
 * The in-browser half of `bench/workspace.mjs`: imports generated folders of 100, 1,000 and
 * 5,000 files (10 kB each) into an IndexedDB-backed workspace, reloads it, and times
 * `workspace.search` and `workspace.listFiles` through a real registry. `runScaleBench` times
 * what a call costs against the workspace size, interleaved: `writeFile` at 10 and at 5,000
 * files in alternation, and 5,000 `createFile` calls against a bulk import of the same files and
 * against bare IndexedDB floors.
 */
import { callAsPerson } from '../src/runtime/registry/person-call.js';
import { createToolRegistry } from '../src/runtime/registry/registry.js';
import { createWorkspaceTools } from '../src/runtime/tools/workspace/index.js';
import { openWorkspaceFolder } from '../src/runtime/workspace/folder-sync.js';
import { createWorkspaceDocumentManager } from '../src/runtime/workspace/manager.js';
import { createDirectoryUploadFolder } from '../src/storage/folder/directory-upload.js';
import { createIndexedDbWorkspaceRepository } from '../src/storage/workspace/indexeddb-repository.js';

const FILE_CHARS = 10_000;
const REPEATS = 20;

function generatedFolder(count: number): File[] {
  const line = 'const value = compute(input) + offset; // generated source line\n';
  const body = line.repeat(Math.ceil(FILE_CHARS / line.length)).slice(0, FILE_CHARS - 40);
  return Array.from({ length: count }, (_, i) => {
    const path = i === 0 ? 'index.html' : `src/dir${i % 50}/file${i}.js`;
    // One file in a hundred holds the search term, so search has real matches to report.
    const text = `${i % 100 === 7 ? 'needleToken\n' : ''}${body}// ${i}\n`;
    const file = new File([text], path.slice(path.lastIndexOf('/') + 1));
    Object.defineProperty(file, 'webkitRelativePath', { value: `bench/${path}` });
    return file;
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;
const limits = { maxFiles: 10_000, maxScannedEntries: 10_000, maxTotalBytes: 1 << 30 };

/** Deletes a database and waits until it is gone, so its cleanup does not slow the next run. */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

async function timeCall(call: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function measure(count: number) {
  const databaseName = `bench-workspace-${count}-${crypto.randomUUID()}`;
  const files = generatedFolder(count);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const first = createWorkspaceDocumentManager({
    repository: createIndexedDbWorkspaceRepository({ databaseName }),
  });
  await first.ready;
  let start = performance.now();
  const opened = await openWorkspaceFolder(first, createDirectoryUploadFolder(files, { limits }), {
    discardChanges: true,
  });
  if (!opened.ok) throw new Error(opened.error.code);
  await first.flush();
  const importMs = performance.now() - start;
  first.close();

  start = performance.now();
  const manager = createWorkspaceDocumentManager({
    repository: createIndexedDbWorkspaceRepository({ databaseName }),
  });
  await manager.ready;
  const hydrateMs = performance.now() - start;
  if (manager.getSnapshot().files.length !== count) throw new Error('hydration lost files');

  const registry = createToolRegistry();
  for (const tool of createWorkspaceTools(manager)) registry.register(tool);
  const searchMs = await timeCall(() =>
    callAsPerson(registry, 'workspace.search', { query: 'needletoken' }),
  );
  const listMs = await timeCall(() => callAsPerson(registry, 'workspace.listFiles', {}));
  const writeMs = await timeCall(() =>
    callAsPerson(registry, 'workspace.writeFile', {
      path: 'index.html',
      text: `<p>${Math.random()}</p>`,
    }),
  );
  manager.close();
  indexedDB.deleteDatabase(databaseName);
  return { count, bytes, importMs, hydrateMs, searchMs, listMs, writeMs };
}

/** An IndexedDB workspace holding `files`, imported in one step, with its tool registry. */
async function importedWorkspace(files: File[]) {
  const databaseName = `bench-scale-${crypto.randomUUID()}`;
  const manager = createWorkspaceDocumentManager({
    repository: createIndexedDbWorkspaceRepository({ databaseName }),
  });
  await manager.ready;
  const start = performance.now();
  const opened = await openWorkspaceFolder(
    manager,
    createDirectoryUploadFolder(files, { limits }),
    {
      discardChanges: true,
    },
  );
  if (!opened.ok) throw new Error(opened.error.code);
  await manager.flush();
  const importMs = performance.now() - start;
  const registry = createToolRegistry();
  for (const tool of createWorkspaceTools(manager)) registry.register(tool);
  const dispose = () => {
    manager.close();
    return deleteDatabase(databaseName);
  };
  return { manager, registry, importMs, dispose };
}

/** Times `files.length` `createFile` calls, one at a time, into a fresh IndexedDB workspace. */
async function createOneByOne(files: File[]): Promise<number> {
  const { registry, dispose } = await importedWorkspace(files.slice(0, 1));
  const texts = await Promise.all(files.map((file) => file.text()));
  const start = performance.now();
  for (let i = 1; i < files.length; i += 1) {
    const path = files[i]!.webkitRelativePath.slice('bench/'.length);
    const result = await callAsPerson(registry, 'workspace.createFile', { path, text: texts[i] });
    if (result.error) throw new Error(result.error.code);
  }
  const ms = performance.now() - start;
  await dispose();
  return ms;
}

/**
 * The floors under persisted one-call-at-a-time creation, per file one IndexedDB read-write
 * transaction putting it, and, with `revision`, the workspace's revision record too, in a
 * transaction over both stores: what any commit that other tabs can check and rebase onto has
 * to write.
 */
async function bareOneByOne(files: File[], revision: boolean): Promise<number> {
  const name = `bench-floor-${crypto.randomUUID()}`;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('files', { keyPath: 'path' });
      request.result.createObjectStore('metadata');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const texts = await Promise.all(files.map((file) => file.text()));
  const stores = revision ? ['files', 'metadata'] : ['files'];
  const start = performance.now();
  for (let i = 1; i < files.length; i += 1) {
    const tx = db.transaction(stores, 'readwrite');
    const path = files[i]!.webkitRelativePath;
    tx.objectStore('files').put({ path, kind: 'text', text: texts[i] });
    if (revision)
      tx.objectStore('metadata').put(
        { revision: i, activePath: path, origins: [], deletedPaths: [], folder: null },
        'workspace',
      );
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  }
  const ms = performance.now() - start;
  db.close();
  await deleteDatabase(name);
  return ms;
}

/**
 * Run orders in which every run follows every other run equally often (a Williams design), so
 * no run always inherits the storage clean-up of the same predecessor (a 50 MB bulk import).
 */
function balancedOrders(count: number): number[][] {
  const first = [0];
  for (let low = 1, high = count - 1; first.length < count; low += 1, high -= 1) {
    first.push(low);
    if (first.length < count) first.push(high);
  }
  const orders = first.map((_, shift) => first.map((run) => (run + shift) % count));
  return count % 2 === 0 ? orders : [...orders, ...orders.map((order) => [...order].reverse())];
}

/**
 * writeFile at `small` against `large` files, alternating call by call, and `large` files created
 * one call at a time against a bulk import of them and against the bare IndexedDB floors, run
 * by run in balanced orders. Each run deletes its database before the next starts.
 */
export async function runScaleBench({ small = 10, large = 5_000, writes = 200, rounds = 4 } = {}) {
  const [few, many] = [
    await importedWorkspace(generatedFolder(small)),
    await importedWorkspace(generatedFolder(large)),
  ];
  const write = (registry: typeof few.registry) => async () => {
    const start = performance.now();
    await callAsPerson(registry, 'workspace.writeFile', {
      path: 'index.html',
      text: `<p>${Math.random()}</p>`,
    });
    return performance.now() - start;
  };
  const [writeFew, writeMany] = [write(few.registry), write(many.registry)];
  for (let i = 0; i < 10; i += 1) {
    await writeFew();
    await writeMany();
  }
  const fewMs: number[] = [];
  const manyMs: number[] = [];
  for (let i = 0; i < writes; i += 1) {
    fewMs.push(await writeFew());
    manyMs.push(await writeMany());
  }
  await few.dispose();
  await many.dispose();

  const files = generatedFolder(large);
  const bulkMs: number[] = [];
  const oneByOneMs: number[] = [];
  const floorMs: number[] = [];
  const revisionFloorMs: number[] = [];
  const runs: [number[], () => Promise<number>][] = [
    [
      bulkMs,
      async () => {
        const bulk = await importedWorkspace(files);
        await bulk.dispose();
        return bulk.importMs;
      },
    ],
    [oneByOneMs, () => createOneByOne(files)],
    [floorMs, () => bareOneByOne(files, false)],
    [revisionFloorMs, () => bareOneByOne(files, true)],
  ];
  const orders = balancedOrders(runs.length);
  for (let round = 0; round < rounds; round += 1)
    for (const index of orders[round % orders.length]!) {
      const [samples, run] = runs[index]!;
      samples.push(await run());
    }
  const stats = (values: number[]) => ({ median: median(values), p90: p90(values) });
  return {
    small,
    large,
    writes,
    rounds,
    writeFew: stats(fewMs),
    writeMany: stats(manyMs),
    bulk: stats(bulkMs),
    oneByOne: stats(oneByOneMs),
    floor: stats(floorMs),
    revisionFloor: stats(revisionFloorMs),
  };
}

export async function runWorkspaceBench() {
  const rows = [];
  for (const count of [100, 1_000, 5_000]) rows.push(await measure(count));
  return rows;
}

Object.assign(globalThis, { runWorkspaceBench, runScaleBench });
