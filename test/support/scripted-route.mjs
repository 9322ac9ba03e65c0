// What the scripted stand-ins for remote model servers share: each test keeps its own script
// under its own id, below the stand-in's path prefix.
import { Buffer } from 'node:buffer';

export async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * `{ id, action, script }` for a request below `prefix` (`action` as `"<METHOD> <rest of path>"`,
 * the script made by `empty()` on first use), or undefined for any other request.
 */
export function scriptedRoute(ctx, prefix, scripts, empty) {
  if (!ctx.path.startsWith(prefix)) return undefined;
  const [id, ...rest] = ctx.path.slice(prefix.length).split('/');
  if (!scripts.has(id)) scripts.set(id, empty());
  return { id, action: `${ctx.method} ${rest.join('/')}`, script: scripts.get(id) };
}
