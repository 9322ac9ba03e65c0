/** Sub-pixel scroll positions and zoom rounding leave a scrolled-to-the-end area a few px short. */
const END_SLACK_PX = 8;

/**
 * Whether `area` is scrolled to its end, or not rendered yet: a log that is follows new entries,
 * one the person scrolled up in stays where they left it.
 */
export const atScrollEnd = (area: HTMLElement | null | undefined): boolean =>
  !area || area.scrollHeight - area.scrollTop - area.clientHeight < END_SLACK_PX;
