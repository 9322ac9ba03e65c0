import type { ToolCallContext } from '../protocol/types.js';

/** The context of a person's direct call (`local` · `direct`): what `callAsPerson` sends. */
export const PERSON_DIRECT_CONTEXT: Readonly<ToolCallContext> = Object.freeze({
  source: 'local',
  mode: 'direct',
});
