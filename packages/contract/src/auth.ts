import { z } from 'zod';
import { authMethodSchema, languageSchema } from './primitives';

export const loginBody = z.object({
  authMthd: authMethodSchema,
  authId: z.string().min(1, 'is required').max(4096),
});
export type LoginBody = z.infer<typeof loginBody>;

export const joinBody = /* @__PURE__ */ loginBody.extend({
  infoAgreeYn: z.enum(['Y', 'N']),
});
export type JoinBody = z.infer<typeof joinBody>;

export const checkUserBody = z.object({
  authMthd: authMethodSchema,
  authId: z.string().min(1, 'is required').max(8192),
  isNative: z.boolean().optional(),
});
export type CheckUserBody = z.infer<typeof checkUserBody>;

export const tokenData = z.object({ access_token: z.string() });
export type TokenData = z.infer<typeof tokenData>;

export const dictionaryParams = z.object({ langCode: z.string().min(1).max(16) });
export const dictionaryEntry = z.object({ lang_key: z.string(), lang_valu: z.string() });
export const dictionaryData = z.object({
  lang: languageSchema,
  dictionary: z.array(dictionaryEntry),
});
export type DictionaryData = z.infer<typeof dictionaryData>;
