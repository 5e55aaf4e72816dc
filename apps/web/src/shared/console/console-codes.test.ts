import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  MISSION_PERIODS,
  OPERATOR_ROLES,
  ORDER_STATES,
  WARNING_CODES,
} from '@snapdrama/contract';
import { codeMessages } from './console-codes';

describe('the console names every code the server keeps', () => {
  it('content warnings, roles, order states and mission periods, in ko, en and ja', () => {
    const codes = [
      ...WARNING_CODES.map((c) => `warning.${c}`),
      ...OPERATOR_ROLES.map((c) => `role.${c}`),
      ...ORDER_STATES.map((c) => `order_state.${c}`),
      ...MISSION_PERIODS.map((c) => `period.${c}`),
    ];
    for (const lang of LANGUAGES) {
      const messages: Record<string, string> = codeMessages[lang];
      for (const key of codes) expect(messages[key], `${lang} ${key}`).toBeTruthy();
    }
    // Korean and Japanese names are not the English ones left untranslated
    for (const key of codes) {
      expect(codeMessages.ko[key as keyof typeof codeMessages.ko]).not.toBe(
        codeMessages.en[key as keyof typeof codeMessages.en],
      );
    }
  });
});
