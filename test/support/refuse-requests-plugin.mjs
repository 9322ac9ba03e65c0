// A @web/test-runner plugin that makes the page's requests for one path fail as a dropped
// connection would, so a test sees what a chunk that cannot load does. Browser tests call
// `executeServerCommand('refuse-requests', { path, refuse })`: `refuse` true starts, false stops;
// either answers the URLs refused so far. Each test file (browser session) has its own page, and
// CDP intercepts one page's requests, so one file's refusal never reaches another's. Chromium
// only: through Firefox's WebDriver BiDi a refusal reached the next file's page too, and WebKit
// runs over WebDriver, which cannot intercept; elsewhere the command is unknown.

export function refuseRequestsPlugin() {
  /** By browser session id: the path refused, and what was. */
  const sessions = new Map();
  return {
    name: 'refuse-requests',
    async executeCommand({ command, payload, session }) {
      if (command !== 'refuse-requests') return undefined;
      if (session.browser.type !== 'puppeteer' || !/chrom/i.test(session.browser.name ?? ''))
        return undefined;
      let state = sessions.get(session.id);
      if (!state) {
        state = { path: undefined, refused: [] };
        sessions.set(session.id, state);
        const page = session.browser.getPage(session.id);
        await page.setRequestInterception(true);
        page.on('request', (request) => {
          if (request.isInterceptResolutionHandled()) return;
          if (new URL(request.url()).pathname !== state.path) return void request.continue();
          state.refused.push(request.url());
          void request.abort('connectionfailed');
        });
      }
      state.path = payload.refuse ? payload.path : undefined;
      return state.refused;
    },
  };
}
