import { waitFor } from './wait.js';

/** A file the page saved through a download link. */
export interface SavedDownload {
  name: string;
  blob: Blob;
}

/**
 * Captures what the page saves through a download link until `stop`. The link is not followed:
 * a real download moves the focus to Firefox's download panel and would break later tests.
 */
export function watchDownloads() {
  const saved: SavedDownload[] = [];
  const blobs = new Map<string, Blob>();
  const createObjectURL = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = createObjectURL.call(URL, object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (this.download && blob) saved.push({ name: this.download, blob });
  };
  return {
    saved,
    stop() {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

/** Runs `act` and returns the first `count` files it saved. */
export async function captureDownloads(act: () => unknown, count = 1): Promise<SavedDownload[]> {
  const downloads = watchDownloads();
  try {
    await act();
    await waitFor(() => downloads.saved.length >= count, 'a download');
    return downloads.saved.slice(0, count);
  } finally {
    downloads.stop();
  }
}
