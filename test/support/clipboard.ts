/**
 * A paste of `text` into `target`, as the engine delivers one to the page. Firefox's
 * ClipboardEvent constructor keeps an empty copy of the given DataTransfer, so the data is set
 * on the event itself: the same paste in every engine.
 */
export function pasteText(target: EventTarget, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: data });
  target.dispatchEvent(event);
}
