// A scripted model server on the AI SDK UI message stream protocol for the browser tests of
// `<ca-studio agent-endpoint>`: a test PUTs a script of replies under its own id, points
// `agent-endpoint` at `/test-agent/<id>/api`, and reads back what the studio sent. Replies are
// the wire format a real `toUIMessageStreamResponse()` sends (the Node tests and the example's
// e2e run the real handler); here each failure can be produced on demand.
//
//   PUT  /test-agent/<id>/script  { responses: [{ status?, headers?, json?, parts?, done?,
//                                    holdAfter? }] }
//   POST /test-agent/<id>/api     answers with the next scripted reply
//   GET  /test-agent/<id>/requests { count, aborted, bodies }
import { readJson, scriptedRoute } from './scripted-route.mjs';
import { PassThrough } from 'node:stream';

const PREFIX = '/test-agent/';

const emptyScript = () => ({ responses: [], bodies: [], aborted: 0 });

/** Koa middleware for the dev server's `middleware` list. */
export function uiStreamScriptMiddleware() {
  const scripts = new Map();
  return async function uiStreamScript(ctx, next) {
    const route = scriptedRoute(ctx, PREFIX, scripts, emptyScript);
    if (!route) return next();
    const { id, action, script } = route;

    if (action === 'PUT script') {
      scripts.set(id, { ...emptyScript(), responses: (await readJson(ctx.req))?.responses ?? [] });
      ctx.status = 204;
      return;
    }
    if (action === 'GET requests') {
      ctx.body = { count: script.bodies.length, aborted: script.aborted, bodies: script.bodies };
      return;
    }
    if (action !== 'POST api') {
      ctx.status = 404;
      return;
    }
    script.bodies.push(await readJson(ctx.req));
    const reply = script.responses.shift() ?? { status: 500, json: { error: 'No reply left.' } };
    ctx.status = reply.status ?? 200;
    for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
    if (!reply.parts) {
      ctx.body = reply.json ?? '';
      return;
    }
    ctx.set('content-type', 'text/event-stream');
    ctx.set('x-vercel-ai-ui-message-stream', 'v1');
    const body = new PassThrough();
    ctx.body = body;
    // Listened for from the start: a client may go away before the script reaches its hold.
    const closed = new Promise((resolve) => ctx.res.once('close', resolve));
    void (async () => {
      for (const [index, part] of reply.parts.entries()) {
        if (index === reply.holdAfter) {
          // Held open until the client goes away (Cancel, or its stall timeout).
          await closed;
          script.aborted += 1;
          return;
        }
        body.write(`data: ${typeof part === 'string' ? part : JSON.stringify(part)}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (reply.done !== false) body.write('data: [DONE]\n\n');
      body.end();
    })();
  };
}
