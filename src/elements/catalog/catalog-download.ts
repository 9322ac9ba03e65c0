import { browserDownload } from '../../runtime/tools/workspace/index.js';

/** Where the catalog's JSON went: the clipboard, or a downloaded file. */
export type CatalogDelivery = 'copied' | 'downloaded';

/** Saves `text` as a JSON file. */
export function downloadJson(fileName: string, text: string): void {
  browserDownload({ fileName, blob: new Blob([text], { type: 'application/json' }) });
}

/** Copies `text` when the Clipboard API is permitted, else downloads it as `fileName`. */
export async function copyOrDownload(fileName: string, text: string): Promise<CatalogDelivery> {
  try {
    if (!navigator.clipboard) throw new Error('No Clipboard API.');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    downloadJson(fileName, text);
    return 'downloaded';
  }
}
