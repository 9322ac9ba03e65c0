import base from '/work/wt/seal/web-test-runner.config.mjs';
import { chromeLauncher } from '@web/test-runner-chrome';
import puppeteer from 'puppeteer-core';
export default {
  ...base,
  rootDir: '/work/wt/seal',
  concurrency: 1,
  browsers: [
    chromeLauncher({
      puppeteer,
      launchOptions: {
        browser: 'firefox',
        executablePath: '/usr/bin/firefox-esr',
        headless: true,
        extraPrefsFirefox: { 'media.peerconnection.ice.loopback': true, 'media.peerconnection.ice.obfuscate_host_addresses': false, 'network.dns.forceResolve': '127.0.0.1' },
      },
    }),
  ],
};
