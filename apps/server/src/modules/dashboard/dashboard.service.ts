import type { DashboardData, DashboardDay } from '@snapdrama/contract';
import { formatIsoDate, nextDay, parseIsoDate, serviceDay, zonedDayStart } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { AuthService } from '../auth/auth.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { EventsService } from '../events/events.service';
import type { I18nService } from '../i18n/i18n.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PlaybackService } from '../playback/playback.service';
import type { WalletService } from '../wallet/wallet.service';

export const DASHBOARD_DAYS = 30;

/** The service days from `first` to `last`, inclusive (YYYY-MM-DD). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last;) {
    days.push(d);
    const parsed = parseIsoDate(d);
    if (!parsed) break;
    d = formatIsoDate(nextDay(parsed));
  }
  return days;
}

/**
 * The operators' dashboard: today and the last 30 service days. Each number comes from the
 * module that owns it; nothing is stored twice.
 */
export function createDashboardService(deps: {
  clock: Clock;
  serviceTimeZone: string;
  auth: Pick<AuthService, 'newViewersByDay'>;
  playback: Pick<
    PlaybackService,
    'activeViewersByDay' | 'activeViewers' | 'topDramas' | 'qualitySummary'
  >;
  orders: Pick<PaymentsService, 'revenueByDay'>;
  wallet: Pick<WalletService, 'coinTotalsByDay'>;
  events: Pick<EventsService, 'adUnlocksByDay'>;
  catalog: Pick<CatalogService, 'pricing'>;
  /** the top dramas' titles in every language (the console shows its reader's) */
  i18n: Pick<I18nService, 'entriesForKeys'>;
}) {
  const zone = deps.serviceTimeZone;
  return {
    async summary(): Promise<DashboardData> {
      const now = deps.clock.now();
      const today = serviceDay(now, zone);
      const todayDate = parseIsoDate(today);
      if (!todayDate) throw new Error(`bad service day ${today}`);
      const end = zonedDayStart(nextDay(todayDate), zone);
      const first = new Date(
        Date.UTC(todayDate.year, todayDate.month - 1, todayDate.day - (DASHBOARD_DAYS - 1)),
      );
      const firstDate = {
        year: first.getUTCFullYear(),
        month: first.getUTCMonth() + 1,
        day: first.getUTCDate(),
      };
      const days = daysBetween(formatIsoDate(firstDate), today);
      const from = zonedDayStart(firstDate, zone);

      const [newViewers, active, revenue, coins, adUnlocks, top, quality] = await Promise.all([
        deps.auth.newViewersByDay(from, end, zone),
        deps.playback.activeViewersByDay(from, end, zone),
        deps.orders.revenueByDay(from, end, zone),
        deps.wallet.coinTotalsByDay(from, end, zone),
        deps.events.adUnlocksByDay(from, end),
        deps.playback.topDramas(from, end, 10),
        deps.playback.qualitySummary(from, end),
      ]);
      const revenue30: Record<string, number> = {};
      const revenueOf = new Map<string, Record<string, number>>();
      for (const r of revenue) {
        const key = `${r.gateway}:${r.currency}`;
        revenue30[key] = (revenue30[key] ?? 0) + r.amountMinor;
        const day = revenueOf.get(r.day) ?? {};
        day[key] = (day[key] ?? 0) + r.amountMinor;
        revenueOf.set(r.day, day);
      }
      const series: DashboardDay[] = days.map((day) => {
        const c = coins.get(day);
        return {
          day,
          newViewers: newViewers.get(day) ?? 0,
          activeViewers: active.get(day) ?? 0,
          revenue: revenueOf.get(day) ?? {},
          coinsGranted: c?.granted ?? 0,
          coinsSpent: c?.spent ?? 0,
          coinsExpired: c?.expired ?? 0,
          unlocksByCoin: c?.unlocks ?? 0,
          unlocksByAd: adUnlocks.get(day) ?? 0,
        };
      });
      const keyed = await Promise.all(
        top.map(async (t) => ({
          dramId: t.dramaId,
          views: t.views,
          titleKey: await deps.catalog
            .pricing(t.dramaId)
            .then((p) => p.titleKey)
            .catch(() => `#${t.dramaId}`),
        })),
      );
      const texts = await deps.i18n.entriesForKeys(keyed.map((d) => d.titleKey));
      const topDramas = keyed.map((d) => ({
        ...d,
        title: Object.fromEntries(
          texts.filter((e) => e.key === d.titleKey).map((e) => [e.lang, e.value]),
        ),
      }));
      const todayRow = series[series.length - 1] ?? {
        day: today,
        newViewers: 0,
        activeViewers: 0,
        revenue: {},
        coinsGranted: 0,
        coinsSpent: 0,
        coinsExpired: 0,
        unlocksByCoin: 0,
        unlocksByAd: 0,
      };
      return { today: todayRow, days: series, revenue30, topDramas, quality };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
