import { defineElement } from '../shared/define-element.js';
import { CaSettings } from './settings.element.js';

export { CaSettings };
export type { SettingsRuntime, SettingsSaveDetail } from './settings.element.js';

defineElement('ca-settings', CaSettings);

declare global {
  interface HTMLElementTagNameMap {
    'ca-settings': CaSettings;
  }
}
