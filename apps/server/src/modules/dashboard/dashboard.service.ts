import {
  DASHBOARD_DEFAULT_DAYS,
  type DashboardData,
  type DashboardDay,
  type DashboardMoney,
  type DashboardPeriod,
  type DashboardQuery,
  type DashboardTotals,
} from '@snapdrama/contract';
import {
  formatIsoDate,
  nextDay,
  parseIsoDate,
  serviceDay,
  zonedDayStart,
  type CalendarDate,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { AuthService } from '../auth/auth.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { EventsService } from '../events/events.service';
import type { I18nService } from '../i18n/i18n.service';
import type { PlaybackService } from '../playback/playback.service';
import type { WalletService } from '../wallet/wallet.service';

/** Money of one service day, gateway and currency: paid that day, and refunded that day (minor units). */
export interface MoneyOfDay {
  day: string;
  gateway: string;
  currency: string;
  /** minor units of orders paid that day (refunded later or not) */
  gross: number;
  /** minor units refunded that day (whenever the order was paid) */
  refunds: number;
}

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

/** `day` moved by `delta` days (negative: back). */
function shifted(day: CalendarDate, delta: number): CalendarDate {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + delta));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const earlier = (a: CalendarDate, b: CalendarDate) =>
  formatIsoDate(a) <= formatIsoDate(b) ? a : b;
const later = (a: CalendarDate, b: CalendarDate) => (formatIsoDate(a) >= formatIsoDate(b) ? a : b);

const parsed = (day: string): CalendarDate => {
  const date = parseIsoDate(day);
  if (!date) throw new Error(`bad service day ${day}`);
  return date;
};

const emptyDay = (day: string): DashboardDay => ({
  day,
  newViewers: 0,
  activeViewers: 0,
  revenue: {},
  coinsGranted: 0,
  coinsSpent: 0,
  coinsExpired: 0,
  unlocksByCoin: 0,
  unlocksByAd: 0,
});

/** Money per currency over the days of a period: gross, refunds, and net = gross − refunds. */
function moneyOf(rows: MoneyOfDay[], first: string, last: string): DashboardMoney[] {
  const byCurrency = new Map<string, DashboardMoney>();
  for (const r of rows) {
    if (r.day < first || r.day > last) continue;
    const m = byCurrency.get(r.currency) ?? { currency: r.currency, gross: 0, refunds: 0, net: 0 };
    m.gross += r.gross;
    m.refunds += r.refunds;
    m.net = m.gross - m.refunds;
    byCurrency.set(r.currency, m);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The operators' dashboard (decisions 1242, 1571): a range of service days and the period of
 * equal length just before it. Each number comes from the module that owns it; nothing is stored
 * twice. Active viewers of a period are distinct over the period, not a sum of days.
 */
export function createDashboardService(deps: {
  clock: Clock;
  serviceTimeZone: string;
  auth: Pick<AuthService, 'newViewersByDay'>;
  playback: Pick<
    PlaybackService,
    'activeViewersByDay' | 'activeViewers' | 'topDramas' | 'qualitySummary'
  >;
  /**
   * Money paid and refunded per service day, gateway and currency of the days from..to (at most
   * a year): the money module's revenue report, so both pages tell the same numbers.
   */
  revenue: (from: string, to: string) => Promise<{ days: MoneyOfDay[] }>;
  wallet: Pick<WalletService, 'coinTotalsByDay'>;
  events: Pick<EventsService, 'adUnlocksByDay'>;
  catalog: Pick<CatalogService, 'pricing'>;
  /** the top dramas' titles in every language (the console shows its reader's) */
  i18n: Pick<I18nService, 'entriesForKeys'>;
}) {
  const zone = deps.serviceTimeZone;
  const start = (day: CalendarDate) => zonedDayStart(day, zone);

  async function topDramasOf(from: Date, to: Date): Promise<DashboardData['topDramas']> {
    const top = await deps.playback.topDramas(from, to, 10);
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
    return keyed.map((d) => ({
      ...d,
      title: Object.fromEntries(
        texts.filter((e) => e.key === d.titleKey).map((e) => [e.lang, e.value]),
      ),
    }));
  }

  return {
    async summary(query: DashboardQuery = {}): Promise<DashboardData> {
      const todayDay = serviceDay(deps.clock.now(), zone);
      const today = parsed(todayDay);
      const last = query.to ? parsed(query.to) : today;
      const first = query.from ? parsed(query.from) : shifted(today, -(DASHBOARD_DEFAULT_DAYS - 1));
      const days = daysBetween(formatIsoDate(first), formatIsoDate(last));
      const previousFirst = shifted(first, -days.length);
      const previousLast = shifted(first, -1);
      const [rangeStart, rangeEnd, previousStart] = [
        start(first),
        start(nextDay(last)),
        start(previousFirst),
      ];
      // one read per source over both periods (and today, which may lie outside them)
      const readFrom = start(earlier(previousFirst, today));
      const readTo = start(nextDay(later(last, today)));

      // the revenue report spans at most a year: the two periods (and today) are asked apart
      const moneyOfPeriods = async (): Promise<MoneyOfDay[]> => {
        const [earliest, latest] = [formatIsoDate(previousFirst), formatIsoDate(last)];
        const spans: [string, string][] = [
          [earliest, formatIsoDate(previousLast)],
          [formatIsoDate(first), latest],
        ];
        if (todayDay < earliest || todayDay > latest) spans.push([todayDay, todayDay]);
        const answers = await Promise.all(spans.map(([from, to]) => deps.revenue(from, to)));
        return answers.flatMap((a) => a.days);
      };
      const [newViewers, active, money, coins, adUnlocks, activeNow, activeBefore] =
        await Promise.all([
          deps.auth.newViewersByDay(readFrom, readTo, zone),
          deps.playback.activeViewersByDay(readFrom, readTo, zone),
          moneyOfPeriods(),
          deps.wallet.coinTotalsByDay(readFrom, readTo, zone),
          deps.events.adUnlocksByDay(readFrom, readTo),
          deps.playback.activeViewers(rangeStart, rangeEnd),
          deps.playback.activeViewers(previousStart, rangeStart),
        ]);
      const revenueOf = new Map<string, Record<string, number>>();
      for (const r of money) {
        const key = `${r.gateway}:${r.currency}`;
        const day = revenueOf.get(r.day) ?? {};
        day[key] = (day[key] ?? 0) + r.gross;
        revenueOf.set(r.day, day);
      }
      const rowOf = (day: string): DashboardDay => {
        const c = coins.get(day);
        return {
          ...emptyDay(day),
          newViewers: newViewers.get(day) ?? 0,
          activeViewers: active.get(day) ?? 0,
          revenue: revenueOf.get(day) ?? {},
          coinsGranted: c?.granted ?? 0,
          coinsSpent: c?.spent ?? 0,
          coinsExpired: c?.expired ?? 0,
          unlocksByCoin: c?.unlocks ?? 0,
          unlocksByAd: adUnlocks.get(day) ?? 0,
        };
      };
      const totalsOf = (rows: DashboardDay[], activeViewers: number): DashboardTotals => {
        const sum = (f: (d: DashboardDay) => number) => rows.reduce((n, d) => n + f(d), 0);
        return {
          newViewers: sum((d) => d.newViewers),
          activeViewers,
          coinsGranted: sum((d) => d.coinsGranted),
          coinsSpent: sum((d) => d.coinsSpent),
          coinsExpired: sum((d) => d.coinsExpired),
          unlocksByCoin: sum((d) => d.unlocksByCoin),
          unlocksByAd: sum((d) => d.unlocksByAd),
        };
      };
      const period = (from: string, to: string, activeViewers: number): DashboardPeriod => ({
        from,
        to,
        totals: totalsOf(daysBetween(from, to).map(rowOf), activeViewers),
        money: moneyOf(money, from, to),
      });

      const series = days.map(rowOf);
      const [topDramas, quality] = await Promise.all([
        topDramasOf(rangeStart, rangeEnd),
        deps.playback.qualitySummary(rangeStart, rangeEnd),
      ]);
      return {
        todayDay,
        today: rowOf(todayDay),
        current: period(formatIsoDate(first), formatIsoDate(last), activeNow),
        previous: period(formatIsoDate(previousFirst), formatIsoDate(previousLast), activeBefore),
        days: series,
        topDramas,
        quality,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
