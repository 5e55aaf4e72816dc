import { z } from 'zod';
import { joinBody } from './auth';
import { SOCIAL_METHODS } from './constants';

export const socialMethodSchema = z.enum(SOCIAL_METHODS);

const yn = z.enum(['Y', 'N']);

/**
 * How a newcomer landed, when the join says (decision 1606): `share` when they arrived through a
 * shared episode link (`?from=share`, episodeShareUrl in @snapdrama/rules).
 */
export const JOIN_LANDINGS = ['share'] as const;
export type JoinLanding = (typeof JOIN_LANDINGS)[number];

/**
 * GET /auth/authorize/{provider}?redirectUri=...: the server creates the authorization request
 * (state, nonce, PKCE verifier kept server-side, single-use, 10 minutes) and answers the address
 * the popup opens. redirectUri must be one of our web origins + /callback/{provider}.
 */
export const authorizeParams = z.object({ provider: socialMethodSchema });
export const authorizeQuery = z.object({ redirectUri: z.url('must be an absolute URL').max(512) });
export const authorizeData = z.object({ url: z.string(), state: z.string() });
export type AuthorizeData = z.infer<typeof authorizeData>;

/**
 * POST /auth/check/user. Web: authId is the authorization code of the callback and state the
 * state it came back with. Native (isNative true): authId is the provider's idToken (Google,
 * Apple, Kakao) or accessToken (Facebook).
 */
export const checkSocialUserBody = z.object({
  authMthd: socialMethodSchema,
  authId: z.string().min(1, 'is required').max(8192),
  isNative: z.boolean().optional(),
  state: z.string().min(1).max(256).optional(),
});
export type CheckSocialUserBody = z.infer<typeof checkSocialUserBody>;

/** authId: a short-lived, single-use sign-in ticket for the verified identity. */
export const checkUserData = z.object({ isExists: z.boolean(), authId: z.string() });
export type CheckUserData = z.infer<typeof checkUserData>;

/**
 * POST /auth/join with the consent items of the terms popup (spec §5, four items). infoAgreeYn
 * is the combined flag (Y only when all four are on). When the four item fields are absent,
 * infoAgreeYn Y stands for all four and N for the three required ones without notifications.
 */
export const accountJoinBody = /* @__PURE__ */ joinBody.extend({
  ageAgreeYn: yn.optional(),
  termsAgreeYn: yn.optional(),
  privacyAgreeYn: yn.optional(),
  alarmAgreeYn: yn.optional(),
  /** the invite code the newcomer arrived with (decision 1510); an unknown one is ignored */
  invtCd: z
    .string()
    .max(32, 'is too long')
    .regex(/^[0-9A-Za-z]*$/, 'must be letters and digits')
    .optional(),
  /**
   * how the newcomer landed (decision 1606): `share` puts them in the `shared_link` retention
   * segment unless the join carries an invite code too (the invite wins)
   */
  lndgFrom: z.enum(JOIN_LANDINGS).optional(),
});
export type AccountJoinBody = z.infer<typeof accountJoinBody>;

/** PUT /auth/change/nickname. The rule itself is checkNickname in @snapdrama/rules. */
export const changeNicknameBody = z.object({ ncknm: z.string().max(64, 'is too long') });
export const changeNicknameData = z.object({ ncknm: z.string() });

/** POST /user/qna. At least 20 characters (checked by the service, code 400013). */
export const inquiryBody = z.object({
  cnts: z.string().max(4000, 'must be at most 4000 characters'),
});
export const inquiryData = z.object({ qnaId: z.string() });
