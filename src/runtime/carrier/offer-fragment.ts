/**
 * Where a page finds an offer: the URL fragment key and its reader, apart from the offer's
 * parser, so `<ca-host-connect>` can take the token out of the address bar at once without
 * loading the parser up front.
 */
export const CARRIER_OFFER_FRAGMENT_KEY = 'ca-host-offer';

/** The encoded offer in a URL fragment (`location.hash`), or `null` when there is none. */
export function readCarrierOfferFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(CARRIER_OFFER_FRAGMENT_KEY);
}
