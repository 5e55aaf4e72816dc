import { describe, expect, it, vi } from 'vitest';
import type { AdvertisementData } from '@snapdrama/contract';
import { runRewardedAd, type RewardedAdDeps } from './run-rewarded-ad';
import type { AdOutcome } from './slot-chain';

const view: AdvertisementData = {
  logId: '7f1e1a8e-0000-4000-8000-000000000001',
  advrType: 'mission',
  min_view_sec: 15,
  expr_dtm: '2026-11-23T12:00:00.000Z',
};

function deps(outcome: AdOutcome, playSeconds: number) {
  let now = 1_000_000;
  let present = false;
  const presentLog: boolean[] = [];
  const d: RewardedAdDeps & { slept: number[]; notified: string[] } = {
    slept: [],
    notified: [],
    startView: vi.fn(() => Promise.resolve(view)),
    play: vi.fn(() => {
      now += playSeconds * 1000;
      return Promise.resolve(outcome);
    }),
    notify: (o) => d.notified.push(o),
    now: () => now,
    sleep: (ms) => {
      d.slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
    setPresent: (p) => {
      present = p;
      presentLog.push(p);
    },
    isPresent: () => present,
  };
  return { d, presentLog };
}

describe('rewarded ad flow (spec §4)', () => {
  it('logs the start, plays, redeems the reward with the logId', async () => {
    const { d, presentLog } = deps('granted', 20);
    const redeem = vi.fn((logId: string) => Promise.resolve(`redeemed ${logId}`));
    const result = await runRewardedAd(d, { advrType: 'mission', redeem });
    expect(d.startView).toHaveBeenCalledWith({ advrType: 'mission', advrPlatform: 'web' });
    expect(redeem).toHaveBeenCalledWith(view.logId);
    expect(result).toEqual({ status: 'rewarded', value: `redeemed ${view.logId}` });
    expect(d.slept).toEqual([]);
    expect(presentLog).toEqual([true, false]);
  });

  it('a reward sooner than the minimum view waits out the rest before redeeming', async () => {
    const { d } = deps('granted', 6);
    await runRewardedAd(d, { advrType: 'unlock', redeem: () => Promise.resolve(1) });
    expect(d.slept).toEqual([9000]);
  });

  it.each(['canceled', 'no-fill'] as const)('%s: notice, nothing redeemed', async (outcome) => {
    const { d } = deps(outcome, 3);
    const redeem = vi.fn(() => Promise.resolve(1));
    const result = await runRewardedAd(d, { advrType: 'unlock', redeem });
    expect(result).toEqual({ status: outcome });
    expect(d.notified).toEqual([outcome]);
    expect(redeem).not.toHaveBeenCalled();
  });

  it('one ad at a time: a second request while one is up does nothing', async () => {
    const { d } = deps('granted', 20);
    d.setPresent(true);
    const result = await runRewardedAd(d, { advrType: 'unlock', redeem: () => Promise.resolve(1) });
    expect(result).toEqual({ status: 'busy' });
    expect(d.startView).not.toHaveBeenCalled();
  });

  it('a failed redeem is thrown to the caller and the ad is no longer present', async () => {
    const { d, presentLog } = deps('granted', 20);
    await expect(
      runRewardedAd(d, { advrType: 'unlock', redeem: () => Promise.reject(new Error('cap')) }),
    ).rejects.toThrow('cap');
    expect(presentLog).toEqual([true, false]);
  });

  it('a failed start shows no ad', async () => {
    const { d } = deps('granted', 20);
    d.startView = () => Promise.reject(new Error('guest'));
    await expect(
      runRewardedAd(d, { advrType: 'unlock', redeem: () => Promise.resolve(1) }),
    ).rejects.toThrow('guest');
    expect(d.play).not.toHaveBeenCalled();
  });
});
