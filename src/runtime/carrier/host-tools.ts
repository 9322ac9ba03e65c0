/**
 * The host-realm tools the companion serves over the carrier, as data both sides share: the
 * studio computes the same descriptor and recipe digests the companion publishes, so a version
 * skew between them is `carrier-digest-mismatch` before anything runs.
 */
import * as z from 'zod/mini';
import { canonicalJson } from '../protocol/fingerprint.js';
import { sha256Hex } from '../protocol/sha256.js';
import type { MCPToolDefinition } from '../protocol/types.js';
import { CAPABILITY_MIGRATION_VERSION } from '../migration/capability-token.js';

/** What the studio migrates to the host realm. */
export const HOST_CAPABILITY = 'workspace.saveAll';

const path = z.string().check(z.minLength(1), z.maxLength(512));
const digest = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** The input schema of each host-realm tool the companion serves. */
export const HOST_TOOL_INPUTS = {
  'host.readTree': z.strictObject({}),
  'host.writeFile': z.discriminatedUnion('kind', [
    z.strictObject({ path, kind: z.literal('text'), text: z.string(), digest }),
    z.strictObject({
      path,
      kind: z.literal('asset'),
      base64: z.string(),
      mimeType: z.string().check(z.maxLength(100)),
      digest,
    }),
  ]),
  'host.deleteFile': z.strictObject({ path }),
} as const;

/** The name of a host-realm tool. */
export type HostToolName = keyof typeof HOST_TOOL_INPUTS;
/** The parsed arguments of the named host-realm tool. */
export type HostToolArguments<N extends HostToolName> = z.output<(typeof HOST_TOOL_INPUTS)[N]>;

const DESCRIPTIONS: Record<HostToolName, string> = {
  'host.readTree':
    'Read every supported file of the served folder, with the folder import limits and skip report.',
  'host.writeFile':
    'Write one file durably (journal, temporary file, fsync, rename); the digest is checked after the write.',
  'host.deleteFile': 'Delete one file of the served folder; a file already gone counts as deleted.',
};

/** The host-realm tools as MCP tool definitions, the same on both sides of the carrier. */
export function hostToolDefinitions(): MCPToolDefinition[] {
  return (Object.keys(HOST_TOOL_INPUTS) as HostToolName[]).map((name) => ({
    name,
    description: DESCRIPTIONS[name],
    inputSchema: z.toJSONSchema(HOST_TOOL_INPUTS[name], { io: 'input' }) as Record<string, unknown>,
    _meta: { 'context-action/runtime': { realm: 'host' } },
  }));
}

/** The digests that identify the host tool contract, compared against the companion's offer. */
export interface HostContract {
  /** Digest of all host tool definitions together: the offer's `descriptorDigest`. */
  descriptorDigest: string;
  /** Digest of the recipe contract (version, capability, tools): the offer's `recipeDigest`. */
  recipeDigest: string;
  /** Each tool's own descriptor digest, as a migration probe compares them. */
  tools: Record<HostToolName, string>;
}

let contract: Promise<HostContract> | undefined;

/** Computes this build's host contract digests once. */
export function describeHostContract(): Promise<HostContract> {
  contract ??= (async () => {
    const definitions = hostToolDefinitions();
    const tools = {} as Record<HostToolName, string>;
    for (const definition of definitions)
      tools[definition.name as HostToolName] = await sha256Hex(canonicalJson(definition) ?? '');
    return {
      descriptorDigest: await sha256Hex(canonicalJson(definitions) ?? ''),
      recipeDigest: await sha256Hex(
        canonicalJson({
          version: CAPABILITY_MIGRATION_VERSION,
          capability: HOST_CAPABILITY,
          tools: Object.keys(tools),
        }) ?? '',
      ),
      tools,
    };
  })();
  return contract;
}
