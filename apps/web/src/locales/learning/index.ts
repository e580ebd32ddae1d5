import { registerLocaleArea } from '../../lib/i18n/i18n.ts';
import en from './en.json';
import zh from './zh-Hans.json';

/** The learning progress area (issue 37; `progress.*` is the route progress bar's)'s strings, registered when a module that shows them is loaded (locales/registry.ts). */
registerLocaleArea({ 'zh-Hans': zh, en });
