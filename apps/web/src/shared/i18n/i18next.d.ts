import 'i18next';
import type { Messages } from '@snapdrama/contract';

// t() only accepts interface keys of the contract; content keys (drama titles) go through
// contentText() in content-text.ts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    keySeparator: false;
    nsSeparator: false;
  }
}
