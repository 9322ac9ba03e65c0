// A @web/test-runner plugin that makes the runner's own commands (`sendKeys`, `setViewport`,
// `emulateMedia` from @web/test-runner-commands) work the same in every engine, so a test needs
// no engine branch:
// - WebDriver (WebKit): the runner sends only whole key presses and typed text; here keys go down
//   and up as WebDriver key actions, whose pressed state lasts between calls as a person's does,
//   and the viewport is set through the window's size.
// - Firefox over WebDriver BiDi: there is no media emulation; asking for the engine's own
//   default (light, no preference) succeeds, anything else fails naming the reason.
// The runner puts its built-in command plugins first; this one moves itself before them.

// WebDriver's code points for the keys the tests press (W3C WebDriver, "keyboard actions").
const WEBDRIVER_KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
  F2: '\uE032',
  Space: ' ',
};

// `KeyD` and `Digit4` name a key by its place; WebDriver takes the character.
const character = (key) => /^(?:Key([A-Z])|Digit(\d))$/.exec(key)?.slice(1).join('').toLowerCase();

const keyValue = (key) => {
  const value = WEBDRIVER_KEYS[key] ?? (key.length === 1 ? key : character(key));
  if (value === undefined) throw new Error(`No WebDriver key for "${key}".`);
  return value;
};

const keyActions = (payload) => {
  if ('down' in payload) return [{ type: 'keyDown', value: keyValue(payload.down) }];
  if ('up' in payload) return [{ type: 'keyUp', value: keyValue(payload.up) }];
  if ('press' in payload) {
    // `Shift+Tab`: every key of the chord down in order, then up in reverse.
    const values = payload.press.split(/\+(?!$)/).map(keyValue);
    return [
      ...values.map((value) => ({ type: 'keyDown', value })),
      ...values.reverse().map((value) => ({ type: 'keyUp', value })),
    ];
  }
  return [...payload.type].flatMap((value) => [
    { type: 'keyDown', value },
    { type: 'keyUp', value },
  ]);
};

const isFirefox = (session) =>
  session.browser.type === 'puppeteer' && /firefox/i.test(session.browser.name ?? '');

// What a page sees when nothing is emulated.
const DEFAULT_MEDIA = { colorScheme: 'light', reducedMotion: 'no-preference' };

export function engineCommandsPlugin() {
  const plugin = {
    name: 'engine-commands',
    // The runner's command list is the one its API plugin holds (a copy of the configuration's).
    serverStart({ config }) {
      for (const { plugins } of config.plugins) {
        const at = Array.isArray(plugins) ? plugins.indexOf(plugin) : -1;
        if (at > 0) plugins.unshift(...plugins.splice(at, 1));
      }
    },
    async executeCommand({ command, payload, session }) {
      const driver = session.browser.type === 'webdriver' ? session.browser.driver : undefined;
      if (command === 'send-keys' && driver) {
        await driver.performActions([
          { type: 'key', id: 'keyboard', actions: keyActions(payload) },
        ]);
        return true;
      }
      if (command === 'set-viewport' && driver) {
        // The window's frame is not the viewport: size it once, then correct by the difference.
        await driver.setWindowSize(payload.width, payload.height);
        const [width, height] = await driver.execute(
          'return [window.innerWidth, window.innerHeight]',
        );
        await driver.setWindowSize(2 * payload.width - width, 2 * payload.height - height);
        return true;
      }
      if (command === 'emulate-media' && (driver || isFirefox(session))) {
        const asked = Object.entries(payload ?? {}).filter(
          ([name, value]) => value !== undefined && DEFAULT_MEDIA[name] !== value,
        );
        if (asked.length === 0) return true;
        throw new Error(
          `${session.browser.name} cannot emulate ${asked.map(([name]) => name).join(', ')}: media emulation is Chromium's (CDP) only.`,
        );
      }
      return undefined;
    },
  };
  return plugin;
}
