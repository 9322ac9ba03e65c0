/**
 * The studio MCP App's content security policy, on its document and on the preview document it
 * writes: no request at all, so a workspace page's stylesheet or image links load nothing (they
 * would resolve against the host's page).
 */
export const STUDIO_APP_POLICY = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">`;
