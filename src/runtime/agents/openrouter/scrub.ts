/**
 * Keeps the API key out of everything a provider says back: an endpoint
 * that echoes the key in an error would otherwise put it on screen, in the chat and in the
 * trace. Applied to the response body before anything reads it.
 */

const REDACTED = '[redacted]';

/** `text` with every copy of `secret` — raw, URL-encoded or JSON-escaped — replaced. */
export function scrubSecret(text: string, secret: string | undefined): string {
  if (!secret) return text;
  let scrubbed = text;
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  for (const form of forms) scrubbed = scrubbed.split(form).join(REDACTED);
  return scrubbed;
}
