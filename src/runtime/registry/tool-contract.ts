/**
 * The tool-runtime contract's descriptor (T1): `{ id, title, summary, realm, argsSchema,
 * resultSchema, evidence }`, as a contribution written for that contract spells it. `defineTool`
 * accepts it beside its own MCP-shaped definition and reads it as one: `id` is the name,
 * `summary` the description, `argsSchema` the input schema, `resultSchema` the output schema.
 * The contract's rules are the registry's: a realm from the four, evidence as the artifact kinds
 * every success must carry, the result checked against its schema, the same codes and order.
 */
import type * as z from 'zod/mini';
import type { DescribeChange } from '../approval/tool-change.js';
import type { ToolCapability } from '../protocol/capability.js';
import type { ToolAnnotations, ToolPreviewContract, ToolRealm } from '../protocol/types.js';

/** A tool as the tool-runtime contract describes it. */
export interface ToolContractDescriptor<
  In extends z.core.$ZodType,
  OutSchema extends z.core.$ZodObject | undefined = undefined,
> {
  /** The tool's name, as in `tools/list`: `author.write`. */
  id: string;
  title?: string;
  /** One sentence for people and models: the MCP description. */
  summary: string;
  /** Where the tool runs; the contract names it on every descriptor. */
  realm: ToolRealm;
  argsSchema: In;
  /** Checked against every successful result; an object schema, as MCP's `outputSchema`. */
  resultSchema?: OutSchema;
  /** Artifact kinds every successful terminal must carry; `[]` when none. */
  evidence: readonly string[];
  preview?: ToolPreviewContract;
  capabilities?: readonly ToolCapability<unknown>[];
  annotations?: ToolAnnotations;
  describeChange?: DescribeChange<z.output<In>>;
}

/** True for a descriptor in the contract's spelling (`id`, no `name`). */
export function isContractDescriptor(definition: object): boolean {
  return 'id' in definition && !('name' in definition);
}

/**
 * The contract descriptor as our definition's fields. The contract names `realm` and `evidence`
 * on every descriptor, so a contract descriptor without them is refused here; the checks both
 * shapes share (name, realm value, preview realm, schemas) follow in `defineTool`.
 */
export function contractDefinition<
  In extends z.core.$ZodType,
  OutSchema extends z.core.$ZodObject | undefined,
>(descriptor: ToolContractDescriptor<In, OutSchema>) {
  const { id, summary, argsSchema, resultSchema, realm, evidence, ...rest } = descriptor;
  const shown = JSON.stringify(id);
  if (typeof summary !== 'string') throw new TypeError(`defineTool: ${shown} needs a summary.`);
  if (realm === undefined) throw new TypeError(`defineTool: ${shown} needs a realm.`);
  if (!Array.isArray(evidence) || evidence.some((kind) => typeof kind !== 'string')) {
    throw new TypeError(`defineTool: ${shown} needs evidence: a list of artifact kinds.`);
  }
  if (argsSchema === undefined) throw new TypeError(`defineTool: ${shown} needs an argsSchema.`);
  return {
    ...rest,
    name: id,
    description: summary,
    inputSchema: argsSchema,
    ...(resultSchema === undefined ? {} : { outputSchema: resultSchema }),
    realm,
    evidence,
  };
}
