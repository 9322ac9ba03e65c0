/** The carrier domain's door: what other layers may import of it. */
export {
  CARRIER_FAILURE_CODES,
  CARRIER_FRESH_OFFER_CODES,
  carrierFailed,
  carrierFailure,
  type CarrierFailure,
  type CarrierFailureCode,
  type CarrierOutcome,
  carrierToolError,
  isCarrierFailureCode,
} from './failures.js';
export {
  createHostCompanionFolder,
  type HostCompanionFolder,
  isHostCompanionFolder,
} from './host-companion-folder.js';
export {
  connectHostCompanion,
  type HostCompanionOptions,
  type HostCompanionSession,
} from './host-session.js';
export {
  describeHostContract,
  HOST_CAPABILITY,
  HOST_TOOL_INPUTS,
  type HostContract,
  type HostToolArguments,
  hostToolDefinitions,
  type HostToolName,
} from './host-tools.js';
export { CARRIER_OFFER_FRAGMENT_KEY, readCarrierOfferFragment } from './offer-fragment.js';
export { type CarrierOffer, encodeCarrierOfferFragment, parseCarrierOffer } from './offer.js';
export {
  CARRIER_STEPS,
  type CarrierAnswer,
  type CarrierEnvelope,
  type CarrierExecution,
  type CarrierProbe,
  type CarrierReconciledWrite,
  type CarrierStep,
  type CarrierStepBodies,
  type CarrierStepResults,
} from './protocol.js';
