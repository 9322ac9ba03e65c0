/** The guard as the first script of a nested frame's document. */
import type { GuardConfig } from './config.js';
import { installFrameGuard } from './guard.js';

declare const CONFIG: GuardConfig;

installFrameGuard(CONFIG);
