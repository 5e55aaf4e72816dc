/**
 * The two texts shown when no dictionary could be loaded (spec §8 fixes them in English). A module
 * of their own, spread into en.ts, so the page's first code carries these two and not the whole
 * English dictionary.
 */
export const DICTIONARY_FAIL_TEXTS = {
  'error_popup.title': 'Error',
  'error_popup.dictionary_fail': 'Failed to get language list',
} as const;
