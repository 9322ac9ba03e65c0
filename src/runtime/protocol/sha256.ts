/** SHA-256 as lowercase hex through Web Crypto (browsers in secure contexts, Node 20+). */
export async function sha256Hex(data: string | BufferSource): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
