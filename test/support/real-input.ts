import { sendKeys, sendMouse } from '@web/test-runner-commands';

/** Ctrl held around one key press, as a person types a shortcut. */
export async function withCtrl(key: string) {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Control' });
}

/** A real click on the first line of the source: focus and caret, as a person gets them. */
export async function clickInto(content: HTMLElement) {
  const box = content.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + 40), Math.round(box.y + 8)] });
}
