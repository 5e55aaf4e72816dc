import { randomInt } from 'node:crypto';
import {
  DEFAULT_INVITE_SETTINGS,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_MIN_WATCH_SECONDS,
  ResultCode,
  invitePagePath,
  inviteSettings,
  type AdminInvite,
  type InviteCounts,
  type InviteOfferData,
  type InviteQualifyingEvent,
  type InviteRefusal,
  type InviteSettings,
  type MyInviteData,
} from '@snapdrama/contract';
import { serviceDay, zonedDayStart } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditRecord } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth.service';
import type { GrantRequest } from '../wallet/wallet.service';
import type { InvitesRepository } from './invites.repository';
import type { InviteRow } from './invites.tables';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_LIMIT = 200;

export interface InviteWallet {
  grant(request: GrantRequest, tx?: Tx): Promise<{ created: boolean }>;
}
export interface InviteAudit {
  record(tx: Tx | undefined, entry: AuditRecord): Promise<number | null>;
}
interface Logger {
  warn(obj: object, msg: string): void;
}

/** A new code: INVITE_CODE_LENGTH characters of the unambiguous alphabet. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** Stored settings over the defaults; anything malformed falls back to the defaults. */
function resolveSettings(stored: unknown): InviteSettings {
  const parsed = inviteSettings.safeParse({
    ...DEFAULT_INVITE_SETTINGS,
    ...(stored && typeof stored === 'object' ? stored : {}),
  });
  return parsed.success ? parsed.data : DEFAULT_INVITE_SETTINGS;
}

const toAdmin = (r: InviteRow): AdminInvite => ({
  id: r.id,
  inviterId: r.inviterId,
  inviteeId: r.inviteeId,
  code: r.code,
  state: r.state as AdminInvite['state'],
  refusal: (r.refusal as InviteRefusal | null) ?? null,
  inviterCoin: r.inviterCoin,
  inviteeCoin: r.inviteeCoin,
  inviterCapped: r.inviterCapped,
  address: r.address,
  createdAt: r.createdAt.toISOString(),
  qualifiedAt: r.qualifiedAt?.toISOString() ?? null,
});

/**
 * Invites (issue 42 item 2, decision 1510): codes, attribution at sign-up, and the reward of both
 * sides when the newcomer reaches the qualifying event, once, through the wallet's grant in the
 * transaction that settles the invite. Limits: no self-invite (account or device), one counted
 * invite per device, a daily cap per inviter, rewards held when one address signed up many
 * accounts in 24 h. Every reward, hold, release, reject and refusal is audited.
 */
export function createInvitesService(deps: {
  repo: InvitesRepository;
  clock: Clock;
  wallet: InviteWallet;
  audit: InviteAudit;
  serviceTimeZone: string;
}) {
  const { repo, clock, wallet, audit } = deps;
  const db = repo.db;
  let log: Logger | undefined;

  /** Hooks never fail their caller's request: a failure is logged; the next event tries again. */
  const quietly = (work: Promise<void>) =>
    work.catch((err: unknown) => log?.warn({ err }, 'invite reward check failed'));

  const settingsNow = async (tx?: Tx) => resolveSettings(await repo.settings(tx));

  async function codeFor(userId: string): Promise<string> {
    const existing = await repo.codeOf(userId);
    if (existing) return existing;
    // a taken code (or a second request at once) inserts nothing: read again, or try another
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await repo.insertCode(userId, newInviteCode(), clock.now());
      const code = await repo.codeOf(userId);
      if (code) return code;
    }
    throw new Error('no free invite code after 8 attempts');
  }

  /** Grants the stored amounts of an invite, under keys unique per invite and side. */
  async function grantBoth(tx: Tx, invite: InviteRow): Promise<void> {
    const sides = [
      { userId: invite.inviterId, amount: invite.inviterCoin, side: 'inviter' },
      { userId: invite.inviteeId, amount: invite.inviteeCoin, side: 'invitee' },
    ];
    for (const s of sides) {
      if (s.amount <= 0) continue;
      await wallet.grant(
        {
          userId: s.userId,
          kind: 'bonus',
          amount: s.amount,
          source: 'invite',
          sourceRef: invite.id,
          idempotencyKey: `invite:${invite.id}:${s.side}`,
        },
        tx,
      );
    }
  }

  async function decideHeld(
    operatorId: string,
    inviteId: string,
    to: 'rewarded' | 'rejected',
    reason: string,
  ): Promise<AdminInvite> {
    return db.transaction(async (tx) => {
      const invite = await repo.inviteById(tx, inviteId, true);
      if (!invite) throw new AppError(ResultCode.INVITE_REWARD_NOT_FOUND, 'No such invite');
      if (invite.state !== 'held') {
        throw new AppError(
          ResultCode.INVITE_REWARD_NOT_HELD,
          `This invite is ${invite.state}, not held`,
        );
      }
      if (to === 'rewarded') {
        await repo.lockInviter(tx, invite.inviterId);
        await grantBoth(tx, invite);
      }
      const after = await repo.settle(tx, invite.id, { state: to, decidedAt: clock.now() });
      await audit.record(tx, {
        operatorId,
        action: to === 'rewarded' ? 'invite.release' : 'invite.reject',
        targetType: 'invite',
        targetId: invite.id,
        before: { state: invite.state },
        after: {
          state: to,
          reason,
          inviterCoin: to === 'rewarded' ? invite.inviterCoin : 0,
          inviteeCoin: to === 'rewarded' ? invite.inviteeCoin : 0,
        },
      });
      return toAdmin(after);
    });
  }

  const service = {
    /** GET /invite/me: the member's code (made on first ask), link path and counts. */
    async myInvite(caller: AuthContext): Promise<MyInviteData> {
      if (caller.authMethod === 'guest')
        throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to invite friends');
      const [code, counts, settings] = await Promise.all([
        codeFor(caller.userId),
        repo.countsOf(caller.userId),
        settingsNow(),
      ]);
      return {
        invtCd: code,
        invtPath: invitePagePath(code),
        joinedCnt: counts.joined,
        rewardedCnt: counts.rewarded,
        inviterCoin: settings.inviterCoin,
        inviteeCoin: settings.inviteeCoin,
        enabled: settings.enabled,
        qualifyingEvent: settings.qualifyingEvent,
      };
    },

    /** What a friend of this code gets, for a link preview (not counted as opened); unknown: none. */
    async offerTerms(rawCode: string): Promise<Omit<InviteOfferData, 'inviterCoin'> | undefined> {
      const code = rawCode.toUpperCase();
      if (!/^[A-Z0-9]{4,16}$/.test(code) || !(await repo.ownerOf(code))) return undefined;
      const settings = await settingsNow();
      return {
        invtCd: code,
        inviteeCoin: settings.inviteeCoin,
        enabled: settings.enabled,
        qualifyingEvent: settings.qualifyingEvent,
      };
    },

    /** GET /invite/offer/{code}: what a friend gets; counts the page opened. Unknown: 404170. */
    async offer(rawCode: string): Promise<InviteOfferData> {
      const code = rawCode.toUpperCase();
      if (!(await repo.ownerOf(code)))
        throw new AppError(ResultCode.INVITE_NOT_FOUND, 'No member has this invite code');
      const [settings] = await Promise.all([
        settingsNow(),
        repo.countLanding(serviceDay(clock.now(), deps.serviceTimeZone)),
      ]);
      return {
        invtCd: code,
        inviteeCoin: settings.inviteeCoin,
        inviterCoin: settings.inviterCoin,
        enabled: settings.enabled,
        qualifyingEvent: settings.qualifyingEvent,
      };
    },

    /**
     * A new account was made by a social join (inside the join's transaction): records its device
     * and address, and the invite when it came with a known code. An unknown code is ignored (the
     * join must not fail for it); the limits decide whether the invite can ever earn.
     */
    async recordJoin(
      tx: Tx,
      join: { userId: string; deviceId: string | null; address: string | null; code?: string },
    ): Promise<void> {
      const now = clock.now();
      await repo.recordSignup(tx, {
        userId: join.userId,
        deviceId: join.deviceId,
        address: join.address,
        joinedAt: now,
      });
      if (!join.code) return;
      const code = join.code.toUpperCase();
      const inviterId = await repo.ownerOf(code, tx);
      if (!inviterId) return;
      const base = {
        inviterId,
        inviteeId: join.userId,
        code,
        deviceId: join.deviceId,
        address: join.address,
        createdAt: now,
      };
      let refusal: InviteRefusal | null = null;
      if (inviterId === join.userId) refusal = 'self';
      else if (join.deviceId && (await repo.deviceOfSignup(tx, inviterId)) === join.deviceId)
        refusal = 'same_device';
      let row = await repo.insertInvite(tx, {
        ...base,
        state: refusal ? 'refused' : 'pending',
        refusal,
      });
      if (!row) {
        if (await repo.inviteOf(tx, join.userId)) return;
        // the device's one counted invite exists already
        refusal = 'device_used';
        row = await repo.insertInvite(tx, { ...base, state: 'refused', refusal });
      }
      if (row && refusal) {
        await audit.record(tx, {
          operatorId: null,
          action: 'invite.refuse',
          targetType: 'invite',
          targetId: row.id,
          after: { refusal, inviterId, inviteeId: join.userId },
        });
      }
    },

    /**
     * The newcomer reached an event: when it is the qualifying one and their invite is pending,
     * both sides are rewarded (or the reward held) in one transaction, once. Safe to call any
     * number of times, from any instance at once.
     */
    async qualify(userId: string, event: InviteQualifyingEvent): Promise<void> {
      const settings = await settingsNow();
      if (!settings.enabled || settings.qualifyingEvent !== event) return;
      // most callers have no pending invite: one indexed read before any lock
      const seen = await repo.inviteOf(db, userId);
      if (seen?.state !== 'pending') return;
      await db.transaction(async (tx) => {
        const invite = await repo.inviteOf(tx, userId, true);
        if (invite?.state !== 'pending') return;
        const now = clock.now();
        const day = serviceDay(now, deps.serviceTimeZone);
        // one inviter's rewards one at a time, so two friends at once never pass the cap
        await repo.lockInviter(tx, invite.inviterId);
        const given = await repo.inviterRewardsOn(tx, invite.inviterId, day);
        const capped = given >= settings.dailyCap;
        const crowded =
          invite.address !== null &&
          (await repo.signupsFromAddress(
            tx,
            invite.address,
            new Date(now.getTime() - DAY_MS),
            now,
          )) >= settings.holdThreshold;
        const amounts = {
          inviterCoin: capped ? 0 : settings.inviterCoin,
          inviteeCoin: settings.inviteeCoin,
          inviterCapped: capped,
        };
        const state = crowded ? 'held' : 'rewarded';
        const settled = await repo.settle(tx, invite.id, {
          ...amounts,
          state,
          rewardDay: day,
          qualifiedAt: now,
        });
        if (!crowded) await grantBoth(tx, settled);
        await audit.record(tx, {
          operatorId: null,
          action: crowded ? 'invite.hold' : 'invite.reward',
          targetType: 'invite',
          targetId: invite.id,
          before: { state: invite.state },
          after: { state, event, ...amounts },
        });
      });
    },

    /** After an episode's watch ended (playback): a watch long enough is the "first episode". */
    async episodeEnded(userId: string, watchedSeconds: number): Promise<void> {
      if (watchedSeconds < INVITE_MIN_WATCH_SECONDS) return;
      await quietly(service.qualify(userId, 'first_episode'));
    },

    /** After an order was credited (payments): the first purchase. */
    async orderCredited(userId: string): Promise<void> {
      await quietly(service.qualify(userId, 'first_purchase'));
    },

    async settings(): Promise<InviteSettings> {
      return settingsNow();
    },

    async setSettings(operatorId: string, next: InviteSettings): Promise<InviteSettings> {
      await db.transaction(async (tx) => {
        const before = await settingsNow(tx);
        await repo.saveSettings(tx, next, clock.now(), operatorId);
        await audit.record(tx, {
          operatorId,
          action: 'invite.settings',
          targetType: 'invite_settings',
          targetId: 1,
          before,
          after: next,
        });
      });
      return settingsNow();
    },

    release: (operatorId: string, inviteId: string, reason: string) =>
      decideHeld(operatorId, inviteId, 'rewarded', reason),
    reject: (operatorId: string, inviteId: string, reason: string) =>
      decideHeld(operatorId, inviteId, 'rejected', reason),

    async held(): Promise<AdminInvite[]> {
      return (await repo.invitesInState('held', LIST_LIMIT)).map(toAdmin);
    },

    async ofMember(userId: string): Promise<AdminInvite[]> {
      return (await repo.invitesOfMember(userId, LIST_LIMIT)).map(toAdmin);
    },

    /** The dashboard's counts: today (service day) and the last 30 days. */
    async counts(): Promise<InviteCounts> {
      const now = clock.now();
      const zone = deps.serviceTimeZone;
      const today = serviceDay(now, zone);
      const since30 = serviceDay(new Date(now.getTime() - 29 * DAY_MS), zone);
      const landings = await repo.landingsSince(since30);
      const [year, month, date] = today.split('-').map(Number);
      const dayStart = zonedDayStart({ year: year ?? 0, month: month ?? 1, day: date ?? 1 }, zone);
      const day = await repo.countsBetween(dayStart, now);
      const days30 = await repo.countsBetween(new Date(now.getTime() - 30 * DAY_MS), now);
      return {
        opened: {
          today: landings.find((l) => l.day === today)?.opened ?? 0,
          days30: landings.reduce((sum, l) => sum + l.opened, 0),
        },
        accepted: { today: day.accepted, days30: days30.accepted },
        rewarded: { today: day.rewarded, days30: days30.rewarded },
        held: await repo.heldCount(),
      };
    },

    /** Account changes (auth AccountDataHooks). */
    transferUserData: (fromUserId: string, toUserId: string, tx: Tx) =>
      repo.transfer(tx, fromUserId, toUserId),
    eraseUserData: (userId: string, tx: Tx) => repo.erase(tx, userId),

    useLogger(logger: Logger) {
      log = logger;
    },
  };
  return service;
}

export type InvitesService = ReturnType<typeof createInvitesService>;
