/**
 * Content helpers (R2): one human-readable rendering that never drops a block, and the bounds
 * every result's content blocks must keep.
 */
import type { ToolContent } from './types.js';

/** Bounds on a result's content: block count, and decoded bytes of each binary block. */
export const TOOL_CONTENT_LIMITS = Object.freeze({
  maxBlocks: 64,
  maxBinaryBytes: 4 * 1024 * 1024,
});

function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return '[unserializable JSON content]';
  }
}

/** Decoded size of a base64 string, without decoding it. */
export const base64Bytes = (data: string): number =>
  Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

function binaryOf(block: ToolContent): string | undefined {
  if (block.type === 'image' || block.type === 'audio') return block.data;
  if (block.type === 'resource' && 'blob' in block.resource) return block.resource.blob;
  return undefined;
}

/** Why `blocks` break the bounds, or `undefined` when they keep them. */
export function contentBoundsProblem(blocks: readonly ToolContent[]): string | undefined {
  if (blocks.length > TOOL_CONTENT_LIMITS.maxBlocks) {
    return `content has ${blocks.length} blocks; at most ${TOOL_CONTENT_LIMITS.maxBlocks} are allowed.`;
  }
  for (const [index, block] of blocks.entries()) {
    const binary = binaryOf(block);
    if (binary !== undefined && base64Bytes(binary) > TOOL_CONTENT_LIMITS.maxBinaryBytes) {
      return `content[${index}] holds ${base64Bytes(binary)} bytes; at most ${TOOL_CONTENT_LIMITS.maxBinaryBytes} are allowed.`;
    }
  }
  return undefined;
}

function stringifyBlock(block: ToolContent): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'json':
      return stringifyJson(block.json);
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes]`;
    case 'resource':
      return 'text' in block.resource
        ? block.resource.text
        : `[resource ${block.resource.uri}, ${base64Bytes(block.resource.blob)} bytes]`;
    case 'resource_link':
      return `[${block.title ?? block.name}](${block.uri})`;
  }
}

/** Text blocks as they are, JSON pretty-printed, binary blocks named, joined by blank lines. */
export function stringifyToolContent(content: readonly ToolContent[]): string {
  return content.map(stringifyBlock).join('\n\n');
}
