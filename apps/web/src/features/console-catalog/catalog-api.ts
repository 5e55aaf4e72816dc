import { queryOptions } from '@tanstack/react-query';
import {
  catalogAdminPaths as paths,
  type AddEpisodesInput,
  type AdminDramaListInput,
  type DramaImpact,
  type AdminCategoryListData,
  type AdminDramaData,
  type AdminDramaListData,
  type DramaFormInput,
  type EpisodeFormBody,
  type PosterKind,
} from '@snapdrama/contract';
import { adminPath, consoleApi, consoleRequest } from '../../shared/console/console-api';

/** every list query starts with this key: a change invalidates them all */
export const dramasKey = ['console', 'catalog', 'dramas'] as const;
export const dramasQuery = { queryKey: dramasKey };

/** A page of the list (search, filters, sort); the query is the address's (decision 1541). */
export const dramaListQuery = (query: AdminDramaListInput) =>
  queryOptions({
    queryKey: [...dramasKey, query],
    queryFn: () => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (typeof value === 'string' || typeof value === 'number') {
          if (value !== '') params.set(key, String(value));
        }
      }
      const search = params.toString();
      return consoleApi.get<AdminDramaListData>(
        `${adminPath(paths.dramas())}${search ? `?${search}` : ''}`,
      );
    },
    placeholderData: (previous) => previous,
  });

/** What unpublishing or archiving takes from viewers, read when the confirmation opens. */
export const impactQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'catalog', 'impact', id],
    queryFn: () => consoleApi.get<DramaImpact>(adminPath(paths.impact(id))),
    staleTime: 0,
    gcTime: 0,
  });

export const dramaQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'catalog', 'drama', id],
    queryFn: async () => (await consoleApi.get<AdminDramaData>(adminPath(paths.drama(id)))).drama,
  });

export const categoriesQuery = queryOptions({
  queryKey: ['console', 'catalog', 'categories'],
  queryFn: async () =>
    (await consoleApi.get<AdminCategoryListData>(adminPath(paths.categories()))).categories,
});

export const catalogCalls = {
  create: (form: DramaFormInput) =>
    consoleApi.post<{ id: number }>(adminPath(paths.dramas()), form),
  update: async (id: number, form: DramaFormInput) =>
    (await consoleApi.put<AdminDramaData>(adminPath(paths.drama(id)), form)).drama,
  publish: async (id: number, published: boolean) =>
    (await consoleApi.post<AdminDramaData>(adminPath(paths.publish(id)), { published })).drama,
  /** the file's bytes as the body, with its image type */
  poster: (id: number, kind: PosterKind, file: File) =>
    consoleRequest<{ path: string }>('PUT', adminPath(paths.poster(id, kind)), file),
  addEpisodes: async (id: number, input: AddEpisodesInput) =>
    (await consoleApi.post<AdminDramaData>(adminPath(paths.episodes(id)), input)).drama,
  schedule: async (id: number, publishAt: string | null) =>
    (await consoleApi.post<AdminDramaData>(adminPath(paths.schedule(id)), { publishAt })).drama,
  archive: async (id: number) =>
    (await consoleApi.post<AdminDramaData>(adminPath(paths.archive(id)))).drama,
  restore: async (id: number) =>
    (await consoleApi.post<AdminDramaData>(adminPath(paths.restore(id)))).drama,
  reorder: async (id: number, numbers: number[]) =>
    (await consoleApi.put<AdminDramaData>(adminPath(paths.episodeOrder(id)), { numbers })).drama,
  updateEpisode: async (id: number, n: number, form: EpisodeFormBody) =>
    (await consoleApi.put<AdminDramaData>(adminPath(paths.episode(id, n)), form)).drama,
  subtitles: async (id: number, n: number, lang: string, text: string) =>
    (await consoleApi.put<AdminDramaData>(adminPath(paths.subtitles(id, n, lang)), { text })).drama,
  removeSubtitles: async (id: number, n: number, lang: string) =>
    (await consoleApi.delete<AdminDramaData>(adminPath(paths.subtitles(id, n, lang)))).drama,
  createCategory: async (name: { ko: string; en: string; ja: string }) =>
    (await consoleApi.post<AdminCategoryListData>(adminPath(paths.categories()), { name }))
      .categories,
  orderCategories: async (ids: number[]) =>
    (await consoleApi.put<AdminCategoryListData>(adminPath(paths.categoryOrder()), { ids }))
      .categories,
};
