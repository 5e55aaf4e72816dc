import { LANGUAGES, type Language } from '@snapdrama/contract';
import type { TestContext } from '../../test/harness';

/**
 * A one-episode drama whose text arrives through the dictionary, as an operator's edit would (which
 * also rebuilds its search text): its title in each language, and its description where given.
 */
export async function addDictionaryDrama(
  ctx: TestContext,
  slug: string,
  registeredAt: Date,
  text: Record<Language, { title: string; description?: string }>,
): Promise<number> {
  const id = await ctx.services.catalogRepo.upsertDrama(
    {
      slug,
      titleKey: `drama.${slug}.title`,
      descriptionKey: `drama.${slug}.description`,
      posterVerticalPath: `/resources/posters/${slug}-v.svg`,
      posterHorizontalPath: `/resources/posters/${slug}-h.svg`,
      registeredAt,
    },
    [],
    [{ number: 1, coin: 0, mediaPrefix: 'clips/drama-1' }],
  );
  await ctx.services.i18n.upsert(
    LANGUAGES.flatMap((lang) => {
      const { title, description } = text[lang];
      const titleRow = { lang, key: `drama.${slug}.title`, value: title };
      if (description === undefined) return [titleRow];
      return [titleRow, { lang, key: `drama.${slug}.description`, value: description }];
    }),
  );
  return id;
}
