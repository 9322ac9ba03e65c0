/**
 * File names the workspace accepts but that another system would not show as typed
 * (docs/workspace-names.md). Identity is settled elsewhere (NFC in `normalizeWorkspacePath`,
 * case and look-alike collisions in the placement check); these are warnings, because a
 * workspace saved to a folder on Windows, or opened by a person, would meet them.
 */

// Windows reserves these device names in every folder, with or without an extension.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.[^.]*)*$/iu;

/**
 * A file name the workspace accepts but another system might not show as typed, with the reason.
 */
export interface NameWarning {
  segment: string;
  reason: 'windows-device-name' | 'look-alike';
  message: string;
}

// eslint-disable-next-line no-control-regex -- any character outside ASCII.
const NON_ASCII = /[^\u0000-\u007f]/;

/** `text` in NFKC; ASCII text, which every path of a typical workspace is, is its own form. */
export function compatibilityForm(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFKC') : text;
}

/** Folding under which two names look the same to a person: compatibility forms and case. */
export function lookAlikeKey(path: string): string {
  return compatibilityForm(path).toLowerCase();
}

/** Why `path` (canonical) may not survive outside this browser, one warning per problem. */
export function portabilityWarnings(path: string): NameWarning[] {
  const warnings: NameWarning[] = [];
  for (const segment of path.split('/')) {
    if (WINDOWS_DEVICE.test(segment))
      warnings.push({
        segment,
        reason: 'windows-device-name',
        message: `${segment} cannot exist on Windows: ${segment.split('.')[0]} is a reserved device name.`,
      });
    const plain = compatibilityForm(segment);
    if (plain !== segment)
      warnings.push({
        segment,
        reason: 'look-alike',
        message: `${segment} uses full-width or compatibility characters and looks like ${plain}.`,
      });
  }
  return warnings;
}
