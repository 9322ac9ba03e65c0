/**
 * The element picker inside the frame: an overlay that follows the pointer and, on a click the
 * person made (`isTrusted`; a click preview code dispatches is ignored), describes the element.
 */
import type { PreviewSelection } from '../messages.js';
import { bound } from './describe.js';

const STYLE_NAMES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'display',
  'position',
  'margin',
  'padding',
  'width',
  'height',
  'border-radius',
];

export interface PickerLimits {
  selectorChars: number;
  selectionHtmlChars: number;
}

function selectorOf(element: Element, limits: PickerLimits): string {
  const steps: string[] = [];
  for (let node: Element | null = element; node && steps.length < 8; node = node.parentElement) {
    if (node.id && document.querySelectorAll(`#${CSS.escape(node.id)}`).length === 1) {
      steps.unshift(`#${CSS.escape(node.id)}`);
      break;
    }
    const tag = node.tagName.toLowerCase();
    if (tag === 'html' || tag === 'body') {
      steps.unshift(tag);
      break;
    }
    const current = node;
    const siblings = current.parentElement
      ? [...current.parentElement.children].filter((sibling) => sibling.tagName === current.tagName)
      : [];
    const index = siblings.indexOf(current) + 1;
    steps.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${index})` : tag);
  }
  return bound(steps.join(' > '), limits.selectorChars);
}

function describeElement(element: Element, limits: PickerLimits): PreviewSelection {
  const computed = getComputedStyle(element);
  const styles: Record<string, string> = {};
  for (const name of STYLE_NAMES) styles[name] = bound(computed.getPropertyValue(name), 200);
  const box = element.getBoundingClientRect();
  return {
    selector: selectorOf(element, limits),
    tagName: element.tagName.toLowerCase().slice(0, 100),
    html: bound(element.outerHTML, limits.selectionHtmlChars),
    styles,
    rect: { x: box.x, y: box.y, width: box.width, height: box.height },
    viewport: { width: innerWidth, height: innerHeight, scrollX, scrollY, devicePixelRatio },
  };
}

/** Returns the switch the host drives; `onPick` gets each element the person clicks. */
export function createPicker(
  limits: PickerLimits,
  onPick: (selection: PreviewSelection) => void,
): (enabled: boolean) => void {
  let overlay: HTMLDivElement | null = null;
  const onHover = (event: MouseEvent) => {
    if (!overlay || !(event.target instanceof Element)) return;
    const box = event.target.getBoundingClientRect();
    Object.assign(overlay.style, {
      top: `${box.top}px`,
      left: `${box.left}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
    });
  };
  const onClick = (event: MouseEvent) => {
    if (!event.isTrusted || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onPick(describeElement(event.target, limits));
  };
  return (enabled) => {
    if (enabled === (overlay !== null)) return;
    if (enabled) {
      overlay = document.createElement('div');
      overlay.setAttribute('aria-hidden', 'true');
      overlay.style.cssText =
        'position:fixed;pointer-events:none;z-index:2147483647;outline:2px solid #2563eb;background:rgba(37,99,235,.12);top:0;left:0;width:0;height:0';
      document.documentElement.append(overlay);
      document.addEventListener('mouseover', onHover, true);
      document.addEventListener('click', onClick, true);
    } else {
      overlay?.remove();
      overlay = null;
      document.removeEventListener('mouseover', onHover, true);
      document.removeEventListener('click', onClick, true);
    }
  };
}
