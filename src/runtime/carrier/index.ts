/** The carrier domain's door: what other layers may import of it. */
export * from './failures.js';
export * from './host-companion-folder.js';
export * from './host-session.js';
export * from './host-tools.js';
export * from './offer-fragment.js';
export * from './offer.js';
export * from './protocol.js';
