/**
 * One model step as the AI SDK's UI message stream sends it, for the scripted site model server
 * (`ui-stream-script-middleware.mjs`): optional text, then each tool call's input streamed and
 * made available.
 */
export function uiStreamStep(
  text: string | null,
  calls: { id: string; name: string; input: unknown }[] = [],
) {
  const parts: object[] = [{ type: 'start' }, { type: 'start-step' }];
  if (text)
    parts.push(
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: text },
      { type: 'text-end', id: 't' },
    );
  for (const call of calls) {
    const input = JSON.stringify(call.input);
    parts.push(
      { type: 'tool-input-start', toolCallId: call.id, toolName: call.name },
      { type: 'tool-input-delta', toolCallId: call.id, inputTextDelta: input },
      { type: 'tool-input-available', toolCallId: call.id, toolName: call.name, input: call.input },
    );
  }
  parts.push({ type: 'finish-step' }, { type: 'finish' });
  return parts;
}
