/**
 * Seeds a synthetic catalog for benchmarks: `npx tsx apps/server/scripts/seed-large-catalog.ts
 * --count 100000` (on DATABASE_URL when set, else the PGlite under DATA_DIR). Idempotent: it adds
 * only the synthetic dramas that are missing. Episodes reuse the demo clips' media folders and
 * posters reuse the demo posters, so nothing is encoded.
 *
 * Titles and descriptions are combinations of small word lists in ko, en and ja, so any word
 * matches about 1/20 of the catalog ("moonlit", "달빛", "月光") and a numbered title
 * ("Drama 4242") matches a handful.
 */
import { LANGUAGES, type Language } from '@snapdrama/contract';
import { count, like, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository';
import { dramas } from '../src/modules/catalog/catalog.tables';
import { createCatalogService, searchTextOf } from '../src/modules/catalog/catalog.service';
import { createRedisCache } from '../src/cache/cache';
import { createChangeNotices } from '../src/cache/change-notices';
import { systemClock } from '../src/clock';
import { openRedis } from '../src/redis';
import { createI18nRepository } from '../src/modules/i18n/i18n.repository';
import { DEMO_CATEGORIES, DEMO_DRAMAS } from '../src/seed/demo-catalog';
import { clipPrefix, DEMO_CLIPS, demoPosters } from '../src/seed/demo';

const ADJECTIVES: Record<Language, string[]> = {
  en: [
    'Moonlit',
    'Crimson',
    'Silent',
    'Golden',
    'Hidden',
    'Broken',
    'Secret',
    'Frozen',
    'Burning',
    'Wild',
    'Royal',
    'Lost',
    'Midnight',
    'Velvet',
    'Iron',
    'Silver',
    'Scarlet',
    'Hollow',
    'Gentle',
    'Fallen',
  ],
  ko: [
    '달빛',
    '진홍',
    '고요한',
    '황금',
    '숨겨진',
    '부서진',
    '비밀의',
    '얼어붙은',
    '불타는',
    '거친',
    '왕실의',
    '잃어버린',
    '자정의',
    '벨벳',
    '강철',
    '은빛',
    '주홍',
    '텅 빈',
    '다정한',
    '몰락한',
  ],
  ja: [
    '月光',
    '深紅',
    '静かな',
    '黄金',
    '隠された',
    '壊れた',
    '秘密の',
    '凍った',
    '燃える',
    '野生の',
    '王家の',
    '失われた',
    '真夜中の',
    'ベルベット',
    '鉄の',
    '銀色の',
    '緋色の',
    '空虚な',
    '優しい',
    '堕ちた',
  ],
};
const NOUNS: Record<Language, string[]> = {
  en: [
    'Bride',
    'Heir',
    'Oath',
    'Contract',
    'Throne',
    'Revenge',
    'Promise',
    'Detective',
    'Empire',
    'Romance',
    'Secretary',
    'Twin',
    'Queen',
    'Doctor',
    'Chef',
    'Idol',
    'Knight',
    'Witch',
    'Summer',
    'Letter',
  ],
  ko: [
    '신부',
    '상속자',
    '맹세',
    '계약',
    '왕좌',
    '복수',
    '약속',
    '탐정',
    '제국',
    '로맨스',
    '비서',
    '쌍둥이',
    '여왕',
    '의사',
    '셰프',
    '아이돌',
    '기사',
    '마녀',
    '여름',
    '편지',
  ],
  ja: [
    '花嫁',
    '後継者',
    '誓い',
    '契約',
    '王座',
    '復讐',
    '約束',
    '探偵',
    '帝国',
    'ロマンス',
    '秘書',
    '双子',
    '女王',
    '医者',
    'シェフ',
    'アイドル',
    '騎士',
    '魔女',
    '夏',
    '手紙',
  ],
};
const DESCRIPTION: Record<Language, (a: string, b: string, n: number) => string> = {
  en: (a, b, n) =>
    `Episode by episode, a ${a.toLowerCase()} story of the ${b.toLowerCase()} unfolds in drama number ${n}.`,
  ko: (a, b, n) => `${a} ${b}의 이야기가 드라마 ${n}번에서 한 편씩 펼쳐진다.`,
  ja: (a, b, n) => `${a}${b}の物語が、ドラマ${n}番で一話ずつ展開する。`,
};
const NUMBERED: Record<Language, string> = { en: 'Drama', ko: '드라마', ja: 'ドラマ' };

const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;

export const SYNTHETIC_SLUG_PREFIX = 'synthetic-';

export interface SyntheticText {
  title: Record<Language, string>;
  description: Record<Language, string>;
}

/** The deterministic text of synthetic drama n (1-based). */
export function syntheticText(n: number): SyntheticText {
  const a = n % 20;
  const b = Math.floor(n / 20) % 20;
  const title = {} as Record<Language, string>;
  const description = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    const adjective = pick(ADJECTIVES[lang], a);
    const noun = pick(NOUNS[lang], b);
    title[lang] = `${adjective} ${noun} · ${NUMBERED[lang]} ${n}`;
    description[lang] = DESCRIPTION[lang](adjective, noun, n);
  }
  return { title, description };
}

export interface SeedLargeCatalogOptions {
  db: Db;
  /** total synthetic dramas wanted */
  count: number;
  episodesPerDrama?: number;
  batchSize?: number;
  /** registration times spread over this many days before `now` */
  spreadDays?: number;
  now?: Date;
  log?: (message: string) => void;
}

/** Adds synthetic dramas until `count` exist. Returns how many were added. */
export async function seedLargeCatalog(options: SeedLargeCatalogOptions): Promise<number> {
  const { db } = options;
  const log = options.log ?? (() => undefined);
  const episodesPerDrama = options.episodesPerDrama ?? 5;
  const batchSize = options.batchSize ?? 1000;
  const spreadMs = (options.spreadDays ?? 720) * 86_400_000;
  const now = (options.now ?? new Date()).getTime();
  const catalogRepo = createCatalogRepository(db);
  const i18nRepo = createI18nRepository(db);

  const categoryIds: number[] = [];
  const dictionary: { lang: Language; key: string; value: string }[] = [];
  for (const [i, c] of DEMO_CATEGORIES.entries()) {
    categoryIds.push(await catalogRepo.upsertCategory(`category.${c.key}`, i + 1));
    for (const lang of LANGUAGES)
      dictionary.push({ lang, key: `category.${c.key}`, value: c.name[lang] });
  }
  await i18nRepo.upsert(dictionary);

  const [existingRow] = await db
    .select({ n: count() })
    .from(dramas)
    .where(like(dramas.slug, `${SYNTHETIC_SLUG_PREFIX}%`));
  const existing = existingRow?.n ?? 0;
  const started = Date.now();
  let added = 0;
  // The search indexes keep no pending list (every search would read it), so each row would
  // update them at once: a bulk load collects the entries in one for the while, as much as twice
  // as fast, and folds it in at the end.
  const searchIndexes = [
    'dramas_search_text_trgm_idx',
    'dramas_search_grams_trgm_idx',
    'dramas_title_search_trgm_idx',
    'dramas_title_grams_trgm_idx',
  ];
  const bulk = existing < options.count;
  if (bulk) {
    for (const index of searchIndexes) {
      await db.execute(sql`alter index ${sql.identifier(index)} set (fastupdate = true)`);
    }
  }
  try {
    for (let from = existing + 1; from <= options.count; from += batchSize) {
      const to = Math.min(options.count, from + batchSize - 1);
      const items = [];
      const texts: { lang: Language; key: string; value: string }[] = [];
      const searchTexts: string[] = [];
      for (let n = from; n <= to; n++) {
        const slug = `${SYNTHETIC_SLUG_PREFIX}${n}`;
        const text = syntheticText(n);
        const poster = demoPosters(pick(DEMO_DRAMAS, n));
        for (const lang of LANGUAGES) {
          texts.push({ lang, key: `drama.${slug}.title`, value: text.title[lang] });
          texts.push({ lang, key: `drama.${slug}.description`, value: text.description[lang] });
        }
        searchTexts.push(
          searchTextOf(LANGUAGES.flatMap((l) => [text.title[l], text.description[l]])),
        );
        const cats = [pick(categoryIds, n), ...(n % 3 === 0 ? [pick(categoryIds, n + 3)] : [])];
        items.push({
          drama: {
            slug,
            titleKey: `drama.${slug}.title`,
            descriptionKey: `drama.${slug}.description`,
            posterVerticalPath: `/resources/${poster.vertical.key}`,
            posterHorizontalPath: `/resources/${poster.horizontal.key}`,
            ageRate: pick(['all', '12', '15'], n),
            episodeCount: episodesPerDrama,
            viewCount: (n * 7919) % 100_000,
            exclusive: n % 10 === 0,
            registeredAt: new Date(now - ((n * 104_729) % spreadMs)),
            searchText: searchTexts[searchTexts.length - 1],
            // the console's title search (decision 1541)
            titleSearch: searchTextOf(LANGUAGES.map((l) => text.title[l])),
          },
          categoryIds: [...new Set(cats)],
          episodes: Array.from({ length: episodesPerDrama }, (_, e) => ({
            number: e + 1,
            coin: e < 2 ? 0 : 30,
            durationSeconds: 12,
            mediaPrefix: clipPrefix((n + e) % DEMO_CLIPS.length),
          })),
        });
      }
      await catalogRepo.insertDramasBulk(items);
      await i18nRepo.upsert(texts);
      added += items.length;
      if (added % 10_000 < batchSize || to === options.count) {
        log(
          `synthetic catalog: ${existing + added}/${options.count} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
  } finally {
    // also when the load fails half way: the indexes go back to the schema's setting
    if (bulk) {
      for (const index of searchIndexes) {
        await db.execute(sql`alter index ${sql.identifier(index)} set (fastupdate = false)`);
        await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
      }
    }
  }
  // statistics for the planner after a bulk load (PGlite has no autovacuum to gather them): without
  // them it guesses, and a search may read the whole table instead of using its index
  if (added > 0) await db.execute(sql`analyze`);
  return added;
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (
  process.argv[1] &&
  import.meta.filename === (await import('node:path')).resolve(process.argv[1])
) {
  const config = loadConfig(process.env);
  const wanted = Number(argument('count') ?? 10_000);
  if (!Number.isInteger(wanted) || wanted < 1)
    throw new Error('--count must be a positive integer');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 4,
  });
  await database.migrate();
  const added = await seedLargeCatalog({ db: database.db, count: wanted, log: console.log });
  if (added > 0 && config.redisUrl) {
    // running servers sharing this Redis drop their cached lists and search samples at once
    const redis = openRedis(config.redisUrl);
    const notices = createChangeNotices({ redis, channel: `${config.cachePrefix}:changes` });
    const catalog = createCatalogService({
      repo: createCatalogRepository(database.db),
      cache: createRedisCache({ redis, prefix: config.cachePrefix }),
      texts: createI18nRepository(database.db),
      clock: systemClock,
      notices,
    });
    await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    await catalog.catalogChanged();
    await notices.close();
    await redis.quit();
    console.log(`added ${added} synthetic dramas on ${database.kind}; running servers told`);
  } else {
    console.log(
      `added ${added} synthetic dramas on ${database.kind}; running servers see them within 60 s (list cache TTL; set REDIS_URL to tell them at once)`,
    );
  }
  await database.close();
}
