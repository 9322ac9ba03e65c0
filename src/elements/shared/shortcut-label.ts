/** Whether this browser runs on an Apple platform, where shortcuts use ⌘ rather than Ctrl. */
function isApplePlatform(): boolean {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
    navigator.platform ||
    navigator.userAgent;
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * A ⌘/Ctrl+Shift+`key` shortcut as this platform writes it: `⇧⌘F` on Apple platforms,
 * `Ctrl+Shift+F` elsewhere. Read at render time, never at load.
 */
export function shiftShortcutLabel(key: string): string {
  return isApplePlatform() ? `⇧⌘${key}` : `Ctrl+Shift+${key}`;
}
