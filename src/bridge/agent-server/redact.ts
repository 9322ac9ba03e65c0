/**
 * What the server logs when a model call fails: the error's name, status and message with
 * anything key-shaped blanked. Providers echo request headers and keys in their error bodies,
 * so a body is never logged.
 */

// `sk-…`, `Bearer …`, `key=…` and any long unbroken run of key characters.
const SECRET =
  /(bearer\s+)\S+|((?:api[_-]?key|token|secret|authorization)["']?\s*[:=]\s*["']?)[^\s"',}]+|\b(?:sk|pk|rk)-[\w-]{8,}|[A-Za-z0-9_\-+/=]{32,}/gi;

/** `text` with every key-shaped run replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(
    SECRET,
    (_match, bearer: string | undefined, field: string | undefined) =>
      `${bearer ?? field ?? ''}[redacted]`,
  );
}

/** Logs a failed model call without its response body, key-shaped text redacted. */
export function logModelFailure(error: unknown): void {
  const { name = 'Error', message = String(error) } =
    error instanceof Error ? error : { name: undefined, message: undefined };
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  console.error(
    `agent server: model call failed: ${name}${typeof status === 'number' ? ` ${status}` : ''}: ` +
      redactSecrets(message).slice(0, 500),
  );
}
