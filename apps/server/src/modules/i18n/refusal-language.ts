import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ResultCode,
  enMessages,
  errorMessageKey,
  jaMessages,
  koMessages,
  providerCodeOf,
  publishPartsOf,
  type ErrorCode,
  type FieldMessageKey,
  type Language,
  type MessageKey,
  type Messages,
  type ValidationMessageKey,
} from '@snapdrama/contract';
import { languageFromAcceptLanguage, pickLanguage } from '@snapdrama/rules';
import type { I18nService } from './i18n.service';

/*
 * Every refusal speaks the caller's language (issue 47): whatever sent the error envelope (a
 * service's AppError, a schema check, the router, the body parser, a rate limit), its `message`
 * becomes the dictionary text of its code in the language of the viewer's stored `lang`, else of
 * Accept-Language, else the default. The developer's wording stays in the log.
 */

const BUILT_IN: Record<Language, Messages> = { en: enMessages, ko: koMessages, ja: jaMessages };

/** One schema issue as fastify-type-provider-zod hands it over (its `params` is the zod issue). */
export interface SchemaIssue {
  keyword: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

interface Refusal {
  code: number;
  message: string;
  data: null;
  /** field path (without body./params./querystring.) -> its text, for forms that place them */
  fields?: Record<string, string>;
}

const isRefusal = (payload: unknown): payload is Refusal =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Refusal).code === 'number' &&
  (payload as Refusal).code !== ResultCode.OK &&
  typeof (payload as Refusal).message === 'string' &&
  (payload as Refusal).data === null;

const KNOWN_CODES = new Set<number>(Object.values(ResultCode));
const isErrorCode = (code: number): code is ErrorCode =>
  code !== ResultCode.OK && KNOWN_CODES.has(code);

/** 은 after a final consonant, 는 after a vowel; both when the word does not end in Hangul. */
export function koreanTopic(word: string): string {
  const last = word.trim().at(-1) ?? '';
  const offset = last.charCodeAt(0) - 0xac00;
  if (offset < 0 || offset > 11171) return `${word}(은)는`;
  return `${word}${offset % 28 === 0 ? '는' : '은'}`;
}

const limitOf = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';

/** The template of one schema issue, and the number in its rule. */
export function issueTemplate(issue: SchemaIssue): { key: ValidationMessageKey; limit: string } {
  const p = issue.params ?? {};
  const origin = typeof p.origin === 'string' ? p.origin : '';
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message ?? ''))
        return { key: 'validation.required', limit: '' };
      if (p.expected === 'int') return { key: 'validation.not_integer', limit: '' };
      return { key: 'validation.invalid', limit: '' };
    case 'too_big': {
      const limit = limitOf(p.maximum);
      if (origin === 'string') return { key: 'validation.too_long', limit };
      if (origin === 'array' || origin === 'set') return { key: 'validation.too_many', limit };
      return { key: 'validation.too_big', limit };
    }
    case 'too_small': {
      const limit = limitOf(p.minimum);
      if (origin === 'string')
        return { key: limit === '1' ? 'validation.required' : 'validation.too_short', limit };
      if (origin === 'array' || origin === 'set') return { key: 'validation.too_few', limit };
      return { key: 'validation.too_small', limit };
    }
    case 'invalid_value':
    case 'invalid_key':
    case 'invalid_element':
      return { key: 'validation.invalid_value', limit: '' };
    case 'invalid_format':
      return { key: 'validation.invalid_format', limit: '' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field', limit: '' };
    default:
      return { key: 'validation.invalid', limit: '' };
  }
}

/** The field an issue is about: the last named step of its path (array indexes skipped). */
export function issueField(issue: SchemaIssue): { path: string; name: string | undefined } {
  const steps = (issue.instancePath ?? '').split('/').filter(Boolean);
  const extra = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(extra) && typeof extra[0] === 'string')
    steps.push(extra[0]);
  const name = [...steps].reverse().find((s) => !/^\d+$/.test(s));
  return { path: steps.join('.'), name };
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

export type TextsOf = Pick<I18nService, 'textsOf'>['textsOf'];

/**
 * The caller's texts of the given keys: the served dictionary (operators' edits included), the
 * built-in text when the dictionary cannot be read (a refusal must never fail for that).
 */
async function textsFor<K extends MessageKey>(
  textsOf: TextsOf,
  lang: Language,
  keys: K[],
): Promise<Record<K, string>> {
  const texts = await textsOf(lang, keys).catch(() => undefined);
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = texts?.[key] || BUILT_IN[lang][key];
  return out;
}

/** The refusal in `lang`: its code's text, or for a schema check one sentence per issue. */
export async function localizeRefusal(
  refusal: Refusal,
  lang: Language,
  textsOf: TextsOf,
  issues: readonly SchemaIssue[] | undefined,
): Promise<Refusal> {
  if (!isErrorCode(refusal.code)) return refusal;
  if (issues?.length) {
    const parts = issues.map((issue) => ({ ...issueTemplate(issue), ...issueField(issue) }));
    const fieldKey = (name: string | undefined): FieldMessageKey => {
      const key = `field.${name ?? ''}`;
      return key in enMessages ? (key as FieldMessageKey) : 'field.input';
    };
    const keys = [...new Set(parts.flatMap((p) => [p.key, fieldKey(p.name)]))];
    const texts = await textsFor(textsOf, lang, keys);
    const fields: Record<string, string> = {};
    const sentences = parts.map((p) => {
      const label = texts[fieldKey(p.name)];
      const field = lang === 'ko' ? koreanTopic(label) : label;
      const sentence = fill(texts[p.key], { field, limit: p.limit });
      const path = p.path.replace(/^(?:body|params|querystring|headers)\.?/, '');
      fields[path] ??= sentence;
      return sentence;
    });
    return { ...refusal, message: [...new Set(sentences)].join(' '), fields };
  }
  const key = errorMessageKey(refusal.code);
  // a 5xx may be the database itself: the built-in text, without asking it
  const text =
    refusal.code >= 500000 ? BUILT_IN[lang][key] : (await textsFor(textsOf, lang, [key]))[key];
  // a declined payment keeps the provider's code first: the client maps it (contract, payments)
  const provider =
    refusal.code === ResultCode.PAYMENT_DECLINED ? providerCodeOf(refusal.message) : undefined;
  if (provider) return { ...refusal, message: `${provider}: ${text}` };
  // a publish refusal names what the drama still lacks, in the caller's words
  const parts =
    refusal.code === ResultCode.CATALOG_PUBLISH_INCOMPLETE ? publishPartsOf(refusal.message) : [];
  if (parts.length > 0) {
    const partKeys = parts.map((part) => `publish.part.${part}` as const);
    const texts = await textsFor(textsOf, lang, ['publish.missing', ...partKeys]);
    const list = partKeys.map((key) => texts[key]).join(lang === 'ja' ? '、' : ', ');
    return { ...refusal, message: `${text} ${fill(texts['publish.missing'], { parts: list })}` };
  }
  // a service's refusal about one field ("categoryIds: no category 9") keeps naming the field
  const field = /^(?:body\.|params\.|querystring\.)?([a-z][\w]*(?:\.[\w]+)*): /.exec(
    refusal.message,
  )?.[1];
  return field
    ? { ...refusal, message: text, fields: { [field]: text } }
    : { ...refusal, message: text };
}

/**
 * Hooks that put every error envelope into the caller's language. `storedLanguage` reads the
 * signed-in viewer's `lang` (undefined for anyone else, and on any failure).
 */
export function registerRefusalLanguage(
  app: FastifyInstance,
  deps: {
    textsOf: TextsOf;
    storedLanguage: (request: FastifyRequest) => Promise<Language | undefined>;
  },
): void {
  const issuesOf = new WeakMap<FastifyRequest, SchemaIssue[]>();
  app.addHook('onError', async (request, _reply, error) => {
    if (hasZodFastifySchemaValidationErrors(error)) issuesOf.set(request, error.validation);
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isRefusal(payload)) return payload;
    const stored = await deps.storedLanguage(request).catch(() => undefined);
    const lang = pickLanguage(
      stored,
      languageFromAcceptLanguage(request.headers['accept-language']),
    );
    if (payload.message)
      request.log.info({ code: payload.code, detail: payload.message }, 'refusal');
    return localizeRefusal(payload, lang, deps.textsOf, issuesOf.get(request));
  });
}
