/** The observability domain's door: what other layers may import of it. */
export { REDACTED, serializeToolObservabilityValue } from './serialize.js';
