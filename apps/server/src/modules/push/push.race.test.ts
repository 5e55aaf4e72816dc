import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, pushPaths } from '@snapdrama/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { servicesPresent } from '../../test/services';
import { signInOperator } from '../operators/operators.test-support';
import { auth, signInMember, type Member } from '../wallet/wallet.test-support';
import {
  startLocalPushService,
  type LocalPushService,
  type TestBrowser,
} from './push.test-support';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))(
  'push sends on many workers at once (PostgreSQL)',
  () => {
    let ctx: TestContext;
    let pushService: LocalPushService;
    const viewers: { member: Member; browser: TestBrowser }[] = [];

    beforeAll(async () => {
      pushService = await startLocalPushService();
      ctx = await createTestContext({ pushAgent: pushService.agent });
      for (let i = 0; i < 20; i += 1) {
        const member = await signInMember(ctx, `Racer${i}`);
        const browser = pushService.browser();
        const res = await ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}${pushPaths.subscription}`,
          headers: auth(member),
          payload: { endpoint: browser.endpoint, keys: browser.keys },
        });
        expect(res.statusCode, res.body).toBe(200);
        await ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}/drama/bookmark`,
          headers: auth(member),
          payload: { dramId: 1 },
        });
        viewers.push({ member, browser });
      }
    });
    afterAll(async () => {
      await ctx.close();
      await pushService.close();
    });

    it('the trigger fired on 4 instances and the job run by 8 workers: each viewer gets one push', async () => {
      const admin = await signInOperator(ctx, 'admin');
      const [episode] = await ctx.services.catalogAdmin.addEpisodes(admin.operatorId, 1, 1);
      if (episode === undefined) throw new Error('no episode');
      await ctx.services.catalogAdmin.attachEpisodeVideo({
        operatorId: admin.operatorId,
        dramaId: 1,
        episodeNumber: episode,
        mediaPrefix: 'clips/race',
        durationSeconds: 12,
      });
      await Promise.all([
        ...Array.from({ length: 4 }, () => ctx.services.push.episodeReleased(1, episode)),
        ...Array.from({ length: 8 }, () => ctx.services.push.sendDue()),
      ]);
      await Promise.all(Array.from({ length: 8 }, () => ctx.services.push.sendDue()));
      for (const { browser } of viewers) {
        expect(pushService.deliveriesTo(browser.endpoint), browser.endpoint).toHaveLength(1);
      }
      expect(pushService.deliveries).toHaveLength(viewers.length);
    });

    it('a daily limit of 1 holds when two reminders of one viewer are sent by two workers at once', async () => {
      // a new day, two new episodes queued before any worker runs
      ctx.clock.advance(24 * 3600_000);
      const admin = await signInOperator(ctx, 'admin');
      const added = await ctx.services.catalogAdmin.addEpisodes(admin.operatorId, 1, 2);
      for (const n of added) {
        await ctx.services.push.episodeReleased(1, n);
      }
      await Promise.all(Array.from({ length: 8 }, () => ctx.services.push.sendDue()));
      for (const { browser } of viewers) {
        expect(pushService.deliveriesTo(browser.endpoint), browser.endpoint).toHaveLength(2);
      }
    });
  },
);
