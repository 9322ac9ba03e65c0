// A scripted OpenAI-compatible endpoint for the browser tests (A2–A5). The remote model is the
// one thing that cannot run here, so this stand-in speaks its wire format: a test PUTs a script
// of responses under its own id, points the settings endpoint at
// `/test-openai/<id>/chat/completions`, and reads back what the browser sent.
//
//   PUT  /test-openai/<id>/script            { responses: [{ status?, body, delayMs? }],
//                                              models?: [...] | { status, body } }
//   POST /test-openai/<id>/chat/completions  answers with the next scripted response
//   GET  /test-openai/<id>/models            answers { data: models }, or the scripted error
//   GET  /test-openai/<id>/requests          { count, aborted, requests: [{ authorization, body }],
//                                              catalog: [{ authorization, query }] }
import { readJson, scriptedRoute } from './scripted-route.mjs';
import { setTimeout as delay } from 'node:timers/promises';

const PREFIX = '/test-openai/';

const emptyScript = () => ({ responses: [], models: [], requests: [], catalog: [], aborted: 0 });

/** Koa middleware for the dev server's `middleware` list. */
export function openAiScriptMiddleware() {
  const scripts = new Map();
  return async function openAiScript(ctx, next) {
    const route = scriptedRoute(ctx, PREFIX, scripts, emptyScript);
    if (!route) return next();
    const { id, action, script } = route;

    if (action === 'PUT script') {
      const body = (await readJson(ctx.req)) ?? {};
      scripts.set(id, {
        ...emptyScript(),
        responses: body.responses ?? [],
        models: body.models ?? [],
      });
      ctx.status = 204;
      return;
    }
    if (action === 'GET requests') {
      const { requests, catalog, aborted } = script;
      ctx.body = { count: requests.length, aborted, requests, catalog };
      return;
    }
    if (action === 'GET models') {
      script.catalog.push({ authorization: ctx.get('authorization'), query: ctx.querystring });
      if (Array.isArray(script.models)) ctx.body = { data: script.models };
      else {
        ctx.status = script.models.status;
        ctx.body = script.models.body;
      }
      return;
    }
    if (action !== 'POST chat/completions') {
      ctx.status = 404;
      return;
    }
    script.requests.push({
      authorization: ctx.get('authorization'),
      body: await readJson(ctx.req),
    });
    const response = script.responses.shift() ?? {
      status: 500,
      body: { error: { message: 'The test script has no response left.' } },
    };
    if (response.delayMs) {
      // A cancelled fetch closes the connection: stop waiting and count the abort.
      const closed = new AbortController();
      ctx.res.once('close', () => closed.abort());
      await delay(response.delayMs, undefined, { signal: closed.signal }).catch(() => undefined);
      if (closed.signal.aborted) {
        script.aborted += 1;
        ctx.status = 204;
        return;
      }
    }
    ctx.status = response.status ?? 200;
    ctx.type = 'application/json';
    ctx.body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  };
}
