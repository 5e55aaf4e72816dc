import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_RETENTION_WEEKS,
  LANGUAGES,
  PAYMENT_CURRENCIES,
  ResultCode,
  type AnalyticsDramaRow,
  type AnalyticsDramasData,
  type AnalyticsDramasQuery,
  type AnalyticsFunnelData,
  type AnalyticsFunnelEpisode,
  type AnalyticsMoney,
  type AnalyticsPaywall,
  type AnalyticsRangeQuery,
  type AnalyticsRetentionData,
  type AnalyticsRetentionQuery,
  type AnalyticsReturned,
  type AnalyticsStatusData,
  type PaymentCurrency,
  analyticsDramasQuery,
  analyticsRetentionQuery,
} from '@snapdrama/contract';
import { lastServiceDays, parseIsoDate, serviceDay } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { I18nService } from '../i18n/i18n.service';
import type { AnalyticsRepository, CounterSums } from './analytics.repository';

/** The catalog CSV carries a title column for each language of the dictionary. */
const TITLE_LANGS = LANGUAGES;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

const paywallOf = (s: CounterSums): AnalyticsPaywall => ({
  shown: s.paywallShown,
  coin: s.coin,
  ad: s.ad,
  vip: s.vip,
  auto: s.auto,
  left: s.left,
  pending: Math.max(0, s.paywallShown - s.coin - s.ad - s.vip - s.auto - s.left),
});

const moneyOf = (
  rows: { currency: string; gross: number; refunds: number }[],
): AnalyticsMoney[] => {
  const out: AnalyticsMoney[] = [];
  for (const currency of PAYMENT_CURRENCIES) {
    const mine = rows.filter((r) => r.currency === currency);
    if (mine.length === 0) continue;
    const gross = mine.reduce((n, r) => n + r.gross, 0);
    const refunds = mine.reduce((n, r) => n + r.refunds, 0);
    out.push({ currency, gross, net: gross - refunds });
  }
  return out;
};

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * The console's analytics reads (issue 43 items 3-4; decisions 1602, 1604): figures summed from
 * the rollups only, never from the event log.
 */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepository;
  clock: Clock;
  serviceTimeZone: string;
  catalog: Pick<CatalogService, 'pricing' | 'titleKeysOf'>;
  i18n: Pick<I18nService, 'entriesForKeys'>;
}) {
  const { repo } = deps;

  /** The asked range, or the last ANALYTICS_DEFAULT_DAYS; refused when inverted or too long. */
  function rangeOf(query: AnalyticsRangeQuery): { from: string; to: string } {
    if ((query.from === undefined) !== (query.to === undefined)) {
      throw new AppError(ResultCode.ANALYTICS_RANGE_INVALID, 'from and to go together');
    }
    if (query.from && query.to) {
      if (!parseIsoDate(query.from) || !parseIsoDate(query.to)) {
        throw new AppError(ResultCode.ANALYTICS_RANGE_INVALID, 'not a calendar day');
      }
      if (query.from > query.to) {
        throw new AppError(ResultCode.ANALYTICS_RANGE_INVALID, 'from is after to');
      }
      if (dayNumber(query.to) - dayNumber(query.from) + 1 > ANALYTICS_MAX_RANGE_DAYS) {
        throw new AppError(
          ResultCode.ANALYTICS_RANGE_TOO_LONG,
          `at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
        );
      }
      return { from: query.from, to: query.to };
    }
    return lastServiceDays(deps.clock.now(), deps.serviceTimeZone, ANALYTICS_DEFAULT_DAYS);
  }

  async function titlesOf(keys: string[]): Promise<Map<string, Record<string, string>>> {
    const entries = await deps.i18n.entriesForKeys(keys);
    const out = new Map<string, Record<string, string>>();
    for (const e of entries) out.set(e.key, { ...out.get(e.key), [e.lang]: e.value });
    return out;
  }

  async function dramaRef(dramaId: number, titleKey: string) {
    return { dramId: dramaId, titleKey, title: (await titlesOf([titleKey])).get(titleKey) ?? {} };
  }

  const rolledUpTo = async () => (await repo.rolledUpTo())?.toISOString() ?? null;

  return {
    rangeOf,

    async status(): Promise<AnalyticsStatusData> {
      const state = await repo.state();
      return {
        appliedEventId: state.appliedEventId,
        behind: state.behind,
        rolledUpTo: state.rolledUpTo?.toISOString() ?? null,
      };
    },

    /** One drama's funnel over a range: every episode of the catalog, in order. */
    async funnel(dramaId: number, query: AnalyticsRangeQuery): Promise<AnalyticsFunnelData> {
      const { from, to } = rangeOf(query);
      const pricing = await deps.catalog.pricing(dramaId);
      const [episodes, totals, revenue, upTo, drama] = await Promise.all([
        repo.episodeSums(dramaId, from, to),
        repo.dramaSums(dramaId, from, to),
        repo.episodeRevenue(dramaId, from, to),
        rolledUpTo(),
        dramaRef(dramaId, pricing.titleKey),
      ]);
      const byEpisode = new Map(episodes.map((e) => [e.epsd, e]));
      const empty: CounterSums = {
        starts: 0,
        viewers: 0,
        completions: 0,
        paywallShown: 0,
        coin: 0,
        ad: 0,
        vip: 0,
        auto: 0,
        left: 0,
        coinsSpent: 0,
      };
      const rows: AnalyticsFunnelEpisode[] = pricing.episodes.map((e) => {
        const s = byEpisode.get(e.number) ?? empty;
        return {
          epsd: e.number,
          coin: e.coin,
          viewers: s.viewers,
          starts: s.starts,
          completions: s.completions,
          paywall: paywallOf(s),
          coinsSpent: s.coinsSpent,
          revenue: moneyOf(revenue.filter((r) => r.epsd === e.number)),
        };
      });
      return {
        drama,
        from,
        to,
        rolledUpTo: upTo,
        paywallEpsd: pricing.episodes.find((e) => e.coin > 0)?.number ?? null,
        episodes: rows,
        totals: {
          viewers: totals.viewers,
          starts: totals.starts,
          completions: totals.completions,
          paywall: paywallOf(totals),
          coinsSpent: totals.coinsSpent,
          revenue: moneyOf(revenue),
        },
      };
    },

    /** The catalog's table: one page of dramas sorted by a column. */
    async dramas(input: AnalyticsDramasQuery): Promise<AnalyticsDramasData> {
      const query = analyticsDramasQuery.parse(input);
      const { from, to } = rangeOf(query);
      const offset = (query.page - 1) * query.size;
      const [rows, upTo, service] = await Promise.all([
        repo.dramaPage({
          from,
          to,
          sort: query.sort,
          order: query.order,
          currency: query.currency,
          limit: query.size,
          offset,
        }),
        rolledUpTo(),
        repo.serviceRevenue(from, to),
      ]);
      const ids = rows.map((r) => r.dramaId);
      const [money, keyOf] = await Promise.all([
        repo.dramaRevenue(ids, from, to),
        deps.catalog.titleKeysOf(ids),
      ]);
      const keys = ids.map((id) => keyOf.get(id) ?? `#${id}`);
      const titles = await titlesOf(keys);
      const total = rows[0]?.total ?? (offset > 0 ? await repo.dramaCount(from, to) : 0);
      const items: AnalyticsDramaRow[] = rows.map((r, i) => {
        const titleKey = keys[i] ?? `#${r.dramaId}`;
        const converted = r.coin + r.ad + r.vip + r.auto;
        return {
          dramId: r.dramaId,
          titleKey,
          title: titles.get(titleKey) ?? {},
          viewers: r.viewers,
          starts: r.starts,
          completions: r.completions,
          completionRate: rate(r.completions, r.starts),
          paywallShown: r.paywallShown,
          conversionRate: rate(converted, r.paywallShown),
          converted,
          left: r.left,
          coinsSpent: r.coinsSpent,
          revenue: moneyOf(money.filter((m) => m.dramaId === r.dramaId)),
        };
      });
      const serviceRevenue = {
        coinPacks: moneyOf(service.filter((m) => m.source === 'coin_pack')),
        vip: moneyOf(service.filter((m) => m.source === 'vip')),
      };
      return {
        from,
        to,
        rolledUpTo: upTo,
        total,
        page: query.page,
        size: query.size,
        items,
        serviceRevenue,
      };
    },

    /** Retention of a segment: D1/D7/D30, payers and revenue, and the grid by first week. */
    async retention(input: AnalyticsRetentionQuery): Promise<AnalyticsRetentionData> {
      const query = analyticsRetentionQuery.parse(input);
      const { from, to } = rangeOf(query);
      const kind = query.segment === 'payers' ? 'payer' : 'signup';
      const acquisition =
        query.segment === 'all' || query.segment === 'payers' ? null : query.segment;
      const [cohorts, returns, money, upTo] = await Promise.all([
        repo.cohorts(kind, acquisition, from, to),
        repo.cohortReturns(kind, acquisition, from, to),
        kind === 'signup' ? repo.cohortRevenue(acquisition, from, to) : Promise.resolve([]),
        rolledUpTo(),
      ]);
      // a day after the first day counts once it is over by the rollups' clock
      const today = serviceDay(deps.clock.now(), deps.serviceTimeZone);
      const lastDay = dayNumber(today);
      const returned = (days: string[], unit: 'd' | 'w', n: number): AnalyticsReturned => {
        const set = new Set(days);
        const sizeOf = new Map(cohorts.map((c) => [c.day, c.size]));
        // a day N is over when first day + N < today; a week N when its last day is
        const span = unit === 'd' ? n : n * 7 + 6;
        let eligible = 0;
        for (const d of set) if (dayNumber(d) + span < lastDay) eligible += sizeOf.get(d) ?? 0;
        let back = 0;
        for (const r of returns) {
          if (r.unit === unit && r.n === n && set.has(r.day) && dayNumber(r.day) + span < lastDay) {
            back += r.viewers;
          }
        }
        return { eligible, returned: back, rate: eligible > 0 ? back / eligible : null };
      };
      const days = cohorts.map((c) => c.day);
      const size = cohorts.reduce((n, c) => n + c.size, 0);
      const payers = kind === 'payer' ? size : cohorts.reduce((n, c) => n + c.payers, 0);
      // the grid: cohorts by the Monday of their first day's week
      const weeks = new Map<string, string[]>();
      for (const d of days) {
        const n = dayNumber(d);
        const monday = dayOf(n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7));
        weeks.set(monday, [...(weeks.get(monday) ?? []), d]);
      }
      const cohortWeeks = [...weeks.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([week, ds]) => ({
          week,
          size: cohorts.filter((c) => ds.includes(c.day)).reduce((n, c) => n + c.size, 0),
          weeks: Array.from({ length: ANALYTICS_RETENTION_WEEKS }, (_, n) => returned(ds, 'w', n)),
        }));
      const revenue = moneyOf(money).map((m) => ({
        ...m,
        arppu: payers > 0 ? Math.round(m.net / payers) : null,
      }));
      return {
        segment: query.segment,
        from,
        to,
        rolledUpTo: upTo,
        size,
        d1: returned(days, 'd', 1),
        d7: returned(days, 'd', 7),
        d30: returned(days, 'd', 30),
        payers,
        payerConversion: size > 0 ? payers / size : null,
        revenue,
        cohorts: cohortWeeks,
      };
    },

    /** The funnel as CSV lines (header first): one row per episode, then the totals. */
    async *funnelCsv(
      dramaId: number,
      query: AnalyticsRangeQuery,
      csvLine: (cells: (string | number | null)[]) => string,
    ): AsyncGenerator<string> {
      const data = await this.funnel(dramaId, query);
      const money = (m: AnalyticsMoney[], c: PaymentCurrency, f: 'gross' | 'net') =>
        m.find((x) => x.currency === c)?.[f] ?? 0;
      yield csvLine([
        'epsd',
        'coin',
        'viewers',
        'starts',
        'completions',
        'paywallShown',
        'coin_unlocks',
        'ad_unlocks',
        'vip_unlocks',
        'auto_unlocks',
        'left',
        'pending',
        'coinsSpent',
        ...PAYMENT_CURRENCIES.flatMap((c) => [`gross_${c}`, `net_${c}`]),
      ]);
      const line = (
        epsd: string | number,
        coin: number | null,
        r: Omit<AnalyticsFunnelEpisode, 'epsd' | 'coin'>,
      ) =>
        csvLine([
          epsd,
          coin,
          r.viewers,
          r.starts,
          r.completions,
          r.paywall.shown,
          r.paywall.coin,
          r.paywall.ad,
          r.paywall.vip,
          r.paywall.auto,
          r.paywall.left,
          r.paywall.pending,
          r.coinsSpent,
          ...PAYMENT_CURRENCIES.flatMap((c) => [
            money(r.revenue, c, 'gross'),
            money(r.revenue, c, 'net'),
          ]),
        ]);
      for (const e of data.episodes) yield line(e.epsd, e.coin, e);
      yield line('total', null, data.totals);
    },

    /** The catalog table as CSV: every page of the asked sort, read page by page. */
    async *dramasCsv(
      input: AnalyticsDramasQuery,
      csvLine: (cells: (string | number | null)[]) => string,
    ): AsyncGenerator<string> {
      yield csvLine([
        'dramId',
        ...TITLE_LANGS.map((l) => `title_${l}`),
        'viewers',
        'starts',
        'completions',
        'completionRate',
        'paywallShown',
        'converted',
        'left',
        'conversionRate',
        'coinsSpent',
        ...PAYMENT_CURRENCIES.flatMap((c) => [`gross_${c}`, `net_${c}`]),
      ]);
      const size = 200;
      for (let page = 1; ; page += 1) {
        const data = await this.dramas({ ...input, page, size });
        for (const r of data.items) {
          yield csvLine([
            r.dramId,
            ...TITLE_LANGS.map((l) => r.title[l] ?? ''),
            r.viewers,
            r.starts,
            r.completions,
            r.completionRate.toFixed(4),
            r.paywallShown,
            r.converted,
            r.left,
            r.conversionRate.toFixed(4),
            r.coinsSpent,
            ...PAYMENT_CURRENCIES.flatMap((c) => {
              const m = r.revenue.find((x) => x.currency === c);
              return [m?.gross ?? 0, m?.net ?? 0];
            }),
          ]);
        }
        if (data.items.length < size) return;
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
