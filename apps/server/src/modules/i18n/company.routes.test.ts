import { describe, expect, it } from 'vitest';
import { API_BASE, enMessages, jaMessages, koMessages } from '@snapdrama/contract';
import { ConfigError, loadConfig } from '../../config';
import { TEST_COMPANY_ENV, useTestContext } from '../../test/harness';

// The company details are deployment settings: configured values replace the dictionary's
// company.* texts in every language; unset ones keep the translated defaults.
const ctx = useTestContext({
  env: {
    COMPANY_NAME: 'Example Pictures Ltd.',
    COMPANY_EMAIL: 'help@example.com',
  },
});

const valueOf = async (lang: string, key: string) =>
  (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/auth/dictionary/${lang}` }))
    .json<{ data: { dictionary: { lang_key: string; lang_valu: string }[] } }>()
    .data.dictionary.find((e) => e.lang_key === key)?.lang_valu;

describe('company details in the dictionary', () => {
  it.each([
    ['ko', koMessages],
    ['en', enMessages],
    ['ja', jaMessages],
  ] as const)('%s: configured values win, the rest stay translated', async (lang, messages) => {
    expect(await valueOf(lang, 'company.name')).toBe('Example Pictures Ltd.');
    expect(await valueOf(lang, 'company.email')).toBe('help@example.com');
    expect(await valueOf(lang, 'company.address')).toBe(messages['company.address']);
    expect(await valueOf(lang, 'footer.copyright_3')).toBe(messages['footer.copyright_3']);
  });

  it('production refuses to start without every company detail; development labels its sample', () => {
    const secrets = { JWT_SECRET: 'j'.repeat(32), MEDIA_SIGNING_SECRET: 'm'.repeat(32) };
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', ...secrets, COMPANY_NAME: 'Real Pictures Ltd.' });
    } catch (error) {
      message = String(error);
    }
    for (const name of [
      'COMPANY_REPRESENTATIVE',
      'COMPANY_REGISTRATION_NO',
      'COMPANY_ADDRESS',
      'COMPANY_EMAIL',
    ])
      expect(message).toContain(`${name}: required in production`);
    expect(message).not.toContain('COMPANY_NAME');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...secrets, ...TEST_COMPANY_ENV }),
    ).not.toThrow();
    // unset, the dictionary's identity says it is a sample, in each language
    expect(enMessages['company.name']).toContain('SAMPLE');
    expect(koMessages['company.name']).toContain('예시');
    expect(jaMessages['company.name']).toContain('サンプル');
  });

  it('a malformed contact e-mail is refused at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', COMPANY_EMAIL: 'not-an-address' })).toThrow(
      ConfigError,
    );
  });
});
