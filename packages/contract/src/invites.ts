import { z } from 'zod';

/**
 * Invites (issue 42 item 2, decision 1510): every member has a short code and a link
 * `/invite/{code}`; a friend who joins through it and then reaches the qualifying event earns both
 * sides bonus coins once. Viewer routes use the spec's short wire names; console routes camelCase.
 */

/** Unambiguous characters only: no 0/O, 1/I/L. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;
/** The web page a code opens. */
export const invitePagePath = (code: string) => `/invite/${code}`;

export const INVITE_QUALIFYING_EVENTS = ['first_episode', 'first_purchase'] as const;
export type InviteQualifyingEvent = (typeof INVITE_QUALIFYING_EVENTS)[number];
export const INVITE_STATES = ['pending', 'rewarded', 'held', 'rejected', 'refused'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
/** Why an invite earns nothing: the inviter's own account or device, or a device used before. */
export const INVITE_REFUSALS = ['self', 'same_device', 'device_used'] as const;
export type InviteRefusal = (typeof INVITE_REFUSALS)[number];

/** A watch of the first episode counts once it ran this long (server clock, start to end). */
export const INVITE_MIN_WATCH_SECONDS = 10;
export const INVITE_LIMITS = { coins: 100_000, dailyCap: 10_000, holdThreshold: 10_000 } as const;

export const inviteSettings = z.object({
  enabled: z.boolean(),
  inviterCoin: z.number().int('must be a whole number').min(0).max(INVITE_LIMITS.coins),
  inviteeCoin: z.number().int('must be a whole number').min(0).max(INVITE_LIMITS.coins),
  /** rewards an inviter earns per service day; past it the friend still earns theirs */
  dailyCap: z.number().int('must be a whole number').min(0).max(INVITE_LIMITS.dailyCap),
  /** a sign-up address with this many accounts or more in 24 h: rewards are held */
  holdThreshold: z.number().int('must be a whole number').min(1).max(INVITE_LIMITS.holdThreshold),
  qualifyingEvent: z.enum(INVITE_QUALIFYING_EVENTS),
});
export type InviteSettings = z.infer<typeof inviteSettings>;

export const DEFAULT_INVITE_SETTINGS: InviteSettings = {
  enabled: true,
  inviterCoin: 100,
  inviteeCoin: 50,
  dailyCap: 10,
  holdThreshold: 3,
  qualifyingEvent: 'first_episode',
};

/** A code as typed or linked: letters and digits, case-insensitive (normalized upper case). */
export const inviteCodeParams = z.object({
  invtCd: z
    .string()
    .min(1, 'is required')
    .max(32, 'is too long')
    .regex(/^[0-9A-Za-z]+$/, 'must be letters and digits'),
});

// GET /invite/me (members)
export const myInviteData = z.object({
  invtCd: z.string(),
  /** the page path; the client puts its origin in front */
  invtPath: z.string(),
  joinedCnt: z.number().int(),
  rewardedCnt: z.number().int(),
  inviterCoin: z.number().int(),
  inviteeCoin: z.number().int(),
  enabled: z.boolean(),
  qualifyingEvent: z.enum(INVITE_QUALIFYING_EVENTS),
});
export type MyInviteData = z.infer<typeof myInviteData>;

// GET /invite/offer/{invtCd} (anyone): what the friend gets
export const inviteOfferData = z.object({
  invtCd: z.string(),
  inviteeCoin: z.number().int(),
  inviterCoin: z.number().int(),
  enabled: z.boolean(),
  qualifyingEvent: z.enum(INVITE_QUALIFYING_EVENTS),
});
export type InviteOfferData = z.infer<typeof inviteOfferData>;

// console (/api/v1/admin)
export const adminInvite = z.object({
  id: z.string(),
  inviterId: z.string(),
  inviteeId: z.string(),
  code: z.string(),
  state: z.enum(INVITE_STATES),
  refusal: z.enum(INVITE_REFUSALS).nullable(),
  inviterCoin: z.number().int(),
  inviteeCoin: z.number().int(),
  inviterCapped: z.boolean(),
  address: z.string().nullable(),
  createdAt: z.string(),
  qualifiedAt: z.string().nullable(),
});
export type AdminInvite = z.infer<typeof adminInvite>;
export const adminInviteList = z.object({ invites: z.array(adminInvite) });
export type AdminInviteList = z.infer<typeof adminInviteList>;
export const inviteIdParams = z.object({ inviteId: z.uuid('must be an invite id') });
export const inviteDecisionBody = z.object({
  reason: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
});
export const inviteCounts = z.object({
  /** invite pages opened (landings), today and over 30 days */
  opened: z.object({ today: z.number().int(), days30: z.number().int() }),
  /** sign-ups attributed to a code */
  accepted: z.object({ today: z.number().int(), days30: z.number().int() }),
  rewarded: z.object({ today: z.number().int(), days30: z.number().int() }),
  /** held now, waiting for an operator */
  held: z.number().int(),
});
export type InviteCounts = z.infer<typeof inviteCounts>;
