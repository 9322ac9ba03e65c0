#!/usr/bin/env node
// `npx context-action-host ./site`: the host companion (see README, "Save to a folder from any browser").
import '../dist/host/cli.js';
