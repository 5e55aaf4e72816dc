import { describe, expect, it } from 'vitest';
import { ResultCode } from '../codes';
import { enMessages, jaMessages, koMessages, type MessageKey } from '../message-keys';
import { FIELD_MESSAGE_KEYS, errorMessageKey } from './errors';

const HANGUL = /[\uAC00-\uD7A3]/;
const KANA_OR_KANJI = /[\u3040-\u30FF\u4E00-\u9FFF]/;

const errorCodes = Object.values(ResultCode).filter((code) => code !== ResultCode.OK);

describe('every result code has a text in ko, en and ja (issue 47)', () => {
  it.each(errorCodes)('%i', (code) => {
    const key: MessageKey = errorMessageKey(code);
    expect(enMessages[key]?.trim()).toBeTruthy();
    expect(koMessages[key]).toMatch(HANGUL);
    expect(jaMessages[key]).toMatch(KANA_OR_KANJI);
    // a person's sentence, not a developer's: no wire names or codes
    for (const text of [enMessages[key], koMessages[key], jaMessages[key]])
      expect(text).not.toMatch(/\b(?:body|params|querystring)\.|[a-z][A-Z]\w*:|\d{6}/);
  });

  it('field names are in each language', () => {
    for (const key of FIELD_MESSAGE_KEYS) {
      expect(koMessages[key]).toMatch(HANGUL);
      expect(jaMessages[key]).toMatch(KANA_OR_KANJI);
    }
  });
});
