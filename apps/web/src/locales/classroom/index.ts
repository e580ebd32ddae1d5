import { registerLocaleArea } from '../../lib/i18n/i18n.ts';
import en from './en.json';
import zh from './zh-Hans.json';

/** The live classroom's strings, registered when a module that shows them is loaded (locales/registry.ts). */
registerLocaleArea({ 'zh-Hans': zh, en });
