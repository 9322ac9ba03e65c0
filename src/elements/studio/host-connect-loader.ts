import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readCarrierOfferFragment } from '../../runtime/carrier/index.js';
import type { WorkspaceFolderSource } from '../../runtime/workspace/index.js';
import { whenIdle } from '../shared/idle.js';

/**
 * Loads the host companion's folder option (`<ca-host-connect>`) where it shows: at once for an
 * offer in the URL (a token the element takes out of the address bar), else once the page is
 * idle where the runtime cannot link folders itself (browsers without `showDirectoryPicker`).
 * Checked on connect and after each update, since the runtime and its folders arrive later.
 */
export class HostConnectLoader implements ReactiveController {
  private loading = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly folders: () => WorkspaceFolderSource | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.load();
  }

  hostUpdated(): void {
    this.load();
  }

  private load(): void {
    if (this.loading) return;
    const offered = readCarrierOfferFragment(location.hash) !== null;
    if (!offered && this.folders()?.canPickWritable() !== false) return;
    this.loading = true;
    const load = () => void import('../host-connect/host-connect.js');
    if (offered) load();
    else whenIdle(load);
  }
}
