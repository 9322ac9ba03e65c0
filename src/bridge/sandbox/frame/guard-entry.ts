/**
 * The guard as the first script of a nested frame's document: a blocked navigation in it is
 * relayed to its parent, up to the preview document, whose bridge reports it to the host.
 */
import type { GuardConfig } from './config.js';
import { installFrameGuard } from './guard.js';

declare const CONFIG: GuardConfig;

const parent = window.parent;
installFrameGuard(CONFIG, () => parent.postMessage(CONFIG.blockedType, '*'));
