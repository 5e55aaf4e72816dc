import { randomUUID } from 'node:crypto';
import {
  IDENTITY_SANDBOX_PAGE,
  ResultCode,
  type AgeCheck,
  type AuthMethod,
  type IdentityCheckConfirmData,
  type IdentityCheckStartData,
} from '@snapdrama/contract';
import { ageGateOf, birthYearOf, serviceYear, type AgeGate } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import type { ReadPart } from '../../db/read-parts';
import { AppError } from '../../errors';
import type { AgeCheckRow, IdentityRepository } from './identity.repository';
import type { PortoneIdentityClient } from './providers/portone-identity';

/** Who asks: the session's user and sign-in method. */
export interface IdentityCaller {
  userId: string;
  authMethod: AuthMethod;
}

/** The provider's side: PortOne itself, or its stand-in (sandbox), or none (checks are off). */
export interface IdentityProvider {
  mode: 'portone' | 'sandbox';
  client: PortoneIdentityClient;
  storeId: string;
  channelKey: string;
}

/**
 * What playback, the wallet and events ask before an episode of a drama starts or is bought: a
 * refusal (403160 sign in, 403161 verify, 403162 under 19) for an adult-only drama the caller
 * may not watch; nothing otherwise. Refused before anything is charged or signed.
 */
export interface AgeGateCheck {
  assertMayWatch(caller: IdentityCaller, ageRate: string): Promise<void>;
}

const REFUSALS = {
  sign_in: [ResultCode.AGE_GATE_SIGN_IN, 'Adults only: sign in and verify your age'],
  verify: [ResultCode.AGE_GATE_VERIFY, 'Adults only: verify your age first'],
  minor: [ResultCode.AGE_GATE_MINOR, 'Adults only: the age check says under 19'],
} as const;

/** Throws the age gate's refusal, if any. */
export function refuseUnlessOpen(gate: AgeGate): void {
  if (gate === 'open') return;
  const [code, message] = REFUSALS[gate];
  throw new AppError(code, message);
}

const guestRefused = () =>
  new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in before verifying your age');

export function createIdentityService(deps: {
  repo: IdentityRepository;
  clock: Clock;
  serviceTimeZone: string;
  provider: IdentityProvider | undefined;
}) {
  const { repo, clock } = deps;
  const year = () => serviceYear(clock.now(), deps.serviceTimeZone);

  const toWire = (row: AgeCheckRow): AgeCheck => ({
    adult_yn:
      ageGateOf({ ageRate: '19', isGuest: false, birthYear: row.birthYear, year: year() }) ===
      'open'
        ? 'Y'
        : 'N',
    vrfc_dtm: row.verifiedAt.toISOString(),
  });

  /** The gate for a viewer whose age check (if any) is known already. */
  const gateFor = (caller: IdentityCaller, check: AgeCheckRow | undefined, ageRate: string) =>
    ageGateOf({
      ageRate,
      isGuest: caller.authMethod === 'guest',
      birthYear: check?.birthYear,
      year: year(),
    });

  function requireProvider(): IdentityProvider {
    if (!deps.provider) {
      throw new AppError(ResultCode.IDENTITY_PROVIDER_UNAVAILABLE, 'Identity checks are off');
    }
    return deps.provider;
  }

  return {
    /**
     * POST /user/identity-check: a new check id bound to this member, and what the browser needs
     * to run the provider's step with it, returning to `returnUrl`.
     */
    async start(caller: IdentityCaller, returnUrl: string): Promise<IdentityCheckStartData> {
      if (caller.authMethod === 'guest') throw guestRefused();
      const provider = requireProvider();
      const id = `idv-${randomUUID()}`;
      await repo.insertCheck({
        id,
        userId: caller.userId,
        provider: provider.mode,
        startedAt: clock.now(),
      });
      const query = new URLSearchParams({ identityVerificationId: id, redirectUrl: returnUrl });
      return {
        identityVerificationId: id,
        mode: provider.mode,
        storeId: provider.storeId,
        channelKey: provider.channelKey,
        sandboxUrl:
          provider.mode === 'sandbox' ? `${IDENTITY_SANDBOX_PAGE}?${query.toString()}` : null,
      };
    },

    /**
     * PUT /user/identity-check/confirm: asks the provider about a check this member started; a
     * VERIFIED one stores the birth year and the time, once. Refusals: 404160 not this member's
     * check, 409160 used already, 409161 not verified, 503160 provider off or silent.
     */
    async confirm(caller: IdentityCaller, id: string): Promise<IdentityCheckConfirmData> {
      if (caller.authMethod === 'guest') throw guestRefused();
      const provider = requireProvider();
      const check = await repo.findCheck(id);
      if (!check || check.userId !== caller.userId || check.provider !== provider.mode) {
        throw new AppError(ResultCode.IDENTITY_CHECK_NOT_FOUND, 'No such identity check');
      }
      if (check.completedAt) {
        throw new AppError(ResultCode.IDENTITY_CHECK_USED, 'This identity check was used already');
      }
      const answer = await provider.client.get(id);
      if (!answer.ok) {
        if (answer.status === 404 || answer.status === 400) {
          // PortOne never saw the step (the window closed before it began)
          throw new AppError(
            ResultCode.IDENTITY_CHECK_NOT_VERIFIED,
            `The provider has no such check: ${answer.type}`,
          );
        }
        throw new AppError(
          ResultCode.IDENTITY_PROVIDER_UNAVAILABLE,
          `The provider did not answer: ${answer.type} ${answer.message}`,
        );
      }
      const { verification } = answer;
      const birthYear =
        verification.status === 'VERIFIED' && verification.id === id && verification.birthDate
          ? birthYearOf(verification.birthDate, year())
          : undefined;
      if (birthYear === undefined) {
        throw new AppError(
          ResultCode.IDENTITY_CHECK_NOT_VERIFIED,
          `The check is ${verification.status}, not verified with a birth date`,
        );
      }
      const verifiedAt = clock.now();
      if (!(await repo.completeCheck({ id, userId: caller.userId, birthYear, verifiedAt }))) {
        throw new AppError(ResultCode.IDENTITY_CHECK_USED, 'This identity check was used already');
      }
      return { age_check: toWire({ birthYear, verifiedAt }) };
    },

    /** The member's age check in wire shape, or null (user info). */
    ageCheckWire: (row: AgeCheckRow | undefined): AgeCheck | null => (row ? toWire(row) : null),

    /** The member's age check as a part of a caller's statement (user info, episode start). */
    ageCheckPart: (): ReadPart<AgeCheckRow | undefined> => repo.ageCheckPart(),

    /** The gate for a caller whose age check was read with their session (playback). */
    assertOpen(caller: IdentityCaller, check: AgeCheckRow | undefined, ageRate: string): void {
      refuseUnlessOpen(gateFor(caller, check, ageRate));
    },

    /** AgeGateCheck: reads the check only for an adult-only drama asked by a member. */
    async assertMayWatch(caller: IdentityCaller, ageRate: string): Promise<void> {
      const first = gateFor(caller, undefined, ageRate);
      if (first !== 'verify') return refuseUnlessOpen(first);
      refuseUnlessOpen(gateFor(caller, await repo.ageCheckOf(caller.userId), ageRate));
    },

    /** Account changes (auth AccountDataHooks): guests never verify, so nothing moves. */
    transferUserData: () => Promise.resolve(),
    eraseUserData: (userId: string, tx: Tx) => repo.eraseUser(tx, userId),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
