import 'i18next';
import type { Messages } from './i18n';

// Translation keys are checked at compile time against the default language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
