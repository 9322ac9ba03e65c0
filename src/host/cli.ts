/**
 * `context-action-host <folder>`: serves host-realm tools for one folder to a studio whose
 * browser cannot write folders itself. Reconciles interrupted writes first, then prints a
 * fresh offer (stdout, one JSON line) for the studio's "Connect host companion" dialog.
 */
import { realpath, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeCarrierOfferFragment } from '../runtime/carrier/index.js';
import { startCarrierHost } from './carrier-host.js';
import { createHostFolder } from './host-folder.js';
import { openHostJournal } from './host-journal.js';
import { HOST_STATE_FOLDER } from './host-paths.js';
import { HostStateRefused, printable } from './host-state.js';

const USAGE = `Usage: context-action-host <folder> [options]

Serves one folder to a Context-Action studio over an authenticated loopback carrier.

Options:
  --port <n>             Loopback port (default: any free port)
  --allow-origin <url>   Also accept requests from this origin (repeatable);
                         loopback origins are always accepted
  --studio-url <url>     Print a link that opens the studio with the offer in its fragment
  --ttl-minutes <n>      How long the offer stays valid (default: 480)
  -h, --help             Show this help`;

// Fault injection for crash tests: pause every write after its flush, before its rename.
const FAULT_ENV = 'CONTEXT_ACTION_HOST_FAULT';

// Distinct from usage errors (2): the folder's own state was refused; nothing was changed.
const STATE_REFUSED_EXIT = 3;

function fail(message: string): never {
  process.stderr.write(`context-action-host: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'studio-url': { type: 'string' },
        'ttl-minutes': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals.length !== 1) fail('give exactly one folder.');
  const root = await realpath(resolve(positionals[0]!)).catch(() =>
    fail('the folder does not exist.'),
  );
  if (!(await stat(root)).isDirectory()) fail('the path is not a folder.');
  const port = Number(values.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be 0–65535.');
  const ttlMinutes = Number(values['ttl-minutes'] ?? 480);
  if (!(ttlMinutes > 0)) fail('--ttl-minutes must be positive.');
  for (const origin of values['allow-origin'] ?? [])
    if (new URL(origin).origin !== origin) fail(`--allow-origin ${origin} is not an origin.`);

  let journal;
  let reconciled;
  try {
    journal = await openHostJournal(root);
    reconciled = await journal.reconcile();
  } catch (error) {
    if (!(error instanceof HostStateRefused)) throw error;
    process.stderr.write(
      `context-action-host: ${error.message}.\n` +
        `The folder's ${HOST_STATE_FOLDER} was not made by this companion for this user, or was ` +
        'changed since. Nothing was changed. Remove that folder and start again.\n',
    );
    process.exit(STATE_REFUSED_EXIT);
  }
  const generation = await journal.nextGeneration();
  // `pause-before-rename` or `pause-after-rename`: the first write stops there for good, so a
  // crash test can kill the process at that step.
  const fault = process.env[FAULT_ENV];
  const folder = createHostFolder({
    root,
    journal,
    ...(fault?.startsWith('pause-')
      ? {
          pause: (step) => {
            if (`pause-${step}` !== fault) return Promise.resolve();
            process.stderr.write(`fault: paused ${step.replace('-', ' ')}\n`);
            return new Promise<void>(() => undefined);
          },
        }
      : {}),
  });
  const host = await startCarrierHost({
    folderName: basename(root),
    generation,
    reconciled,
    run: folder.run,
    census: journal.census,
    allowOrigins: values['allow-origin'] ?? [],
    offerTtlMs: ttlMinutes * 60_000,
    port,
  });
  for (const write of reconciled)
    process.stderr.write(
      `Reconciled interrupted write of ${printable(write.path)}: ${write.outcome}.\n`,
    );
  process.stderr.write(
    `Serving ${root} on ${host.offer.endpoint} (loopback only, generation ${generation}).\n` +
      'Paste this offer into the studio (Connect host companion); it is a secret:\n',
  );
  process.stdout.write(`${JSON.stringify(host.offer)}\n`);
  if (values['studio-url'])
    process.stderr.write(
      `Or open: ${values['studio-url']}${encodeCarrierOfferFragment(host.offer)}\n`,
    );
  const stop = () => void host.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
