/** `@context-action/elements/ai-sdk`: the registry as AI SDK tools (needs the `ai` package). */
export { toAISDKTools, type AISDKToolsOptions } from './ai-sdk-tools.js';
