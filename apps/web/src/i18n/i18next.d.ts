import 'i18next';
import type fr from './fr.json';
import type membersCsv from './members-csv.fr.json';

// Translation keys are checked at compile time against the default language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr; members_csv: typeof membersCsv };
  }
}
