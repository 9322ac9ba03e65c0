/**
 * One model step as the AI SDK's UI message stream sends it, for scripted site model servers
 * (`ui-stream-script-middleware.mjs` in the browser tests, `endpoint-loopback.ts` in Node): text,
 * then each call's input streamed in two deltas; `finish: false` leaves the step open.
 */
export function stepParts(
  text: string | null,
  calls: { id: string; name: string; input: unknown }[] = [],
  finish = true,
): object[] {
  const parts: object[] = [{ type: 'start' }, { type: 'start-step' }];
  if (text) {
    parts.push(
      { type: 'text-start', id: 'txt' },
      { type: 'text-delta', id: 'txt', delta: text },
      { type: 'text-end', id: 'txt' },
    );
  }
  for (const call of calls) {
    const input = JSON.stringify(call.input);
    const half = Math.ceil(input.length / 2);
    parts.push(
      { type: 'tool-input-start', toolCallId: call.id, toolName: call.name },
      { type: 'tool-input-delta', toolCallId: call.id, inputTextDelta: input.slice(0, half) },
      { type: 'tool-input-delta', toolCallId: call.id, inputTextDelta: input.slice(half) },
      { type: 'tool-input-available', toolCallId: call.id, toolName: call.name, input: call.input },
    );
  }
  if (finish) parts.push({ type: 'finish-step' }, { type: 'finish' });
  return parts;
}
