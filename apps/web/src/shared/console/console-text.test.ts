import { describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { ConsoleApiError, adminPath, fieldErrors } from './console-api';
import { defineConsoleMessages, fillText } from './console-i18n';
import { commonMessages } from './console-common-messages';

describe('console text', () => {
  it('fills {{name}} placeholders and leaves unknown ones', () => {
    expect(fillText('Episode {{n}} of {{total}}', { n: 2 })).toBe('Episode 2 of {{total}}');
    expect(fillText('plain')).toBe('plain');
  });

  it('every language has the same keys (also enforced by the compiler)', () => {
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(commonMessages.ko)).toEqual(keys(commonMessages.en));
    expect(keys(commonMessages.ja)).toEqual(keys(commonMessages.en));
    const messages = defineConsoleMessages({ en: { a: 'A' }, ko: { a: '가' }, ja: { a: 'あ' } });
    expect(messages.ja.a).toBe('あ');
  });
});

describe('fieldErrors', () => {
  it("splits the server's validation message by field", () => {
    const error = new ConsoleApiError(
      ResultCode.BAD_REQUEST,
      400,
      'body.title.ja: is required; body.ageRate: must be one of all, 12, 15, 19',
    );
    expect(fieldErrors(error)).toEqual({
      'title.ja': 'is required',
      ageRate: 'must be one of all, 12, 15, 19',
    });
  });

  it('keeps a message without a field under ""', () => {
    const error = new ConsoleApiError(409125, 409, 'Publishing needs the vertical poster');
    expect(fieldErrors(error)).toEqual({ '': 'Publishing needs the vertical poster' });
    expect(fieldErrors(new Error('offline'))).toEqual({ '': 'offline' });
  });

  it('strips the admin prefix of contract paths', () => {
    expect(adminPath('/admin/catalog/dramas')).toBe('/catalog/dramas');
    expect(adminPath('/audit')).toBe('/audit');
  });
});
