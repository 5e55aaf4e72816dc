import { queryOptions } from '@tanstack/react-query';
import {
  catalogAdminPaths as paths,
  type AdminCategoryListData,
  type AdminDramaData,
  type AdminDramaListData,
  type DramaFormInput,
  type EpisodeFormBody,
  type PosterKind,
} from '@snapdrama/contract';
import { adminPath, consoleApi, consoleRequest } from '../../shared/console/console-api';

export const dramasQuery = queryOptions({
  queryKey: ['console', 'catalog', 'dramas'],
  queryFn: () => consoleApi.get<AdminDramaListData>(adminPath(paths.dramas())),
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
  addEpisodes: async (id: number, count: number) =>
    (await consoleApi.post<AdminDramaData>(adminPath(paths.episodes(id)), { count })).drama,
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
