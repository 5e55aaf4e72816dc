import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_BASE,
  POSTER_MAX_BYTES,
  ResultCode,
  addEpisodesBody,
  adminCategoryListData,
  adminDramaData,
  adminDramaIdParams,
  adminDramaListData,
  adminDramaListQuery,
  dramaImpactData,
  episodeOrderBody,
  scheduleBody,
  adminEpisodeParams,
  categoryBody,
  categoryOrderBody,
  dramaFormBody,
  envelope,
  episodeFormBody,
  posterParams,
  publishBody,
  subtitleBody,
  subtitleParams,
  type OperatorRole,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import { jsonRoute, type ParsedRequest } from '../../http/json-route';
import { ok } from '../../http/reply';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { CatalogAdminService } from './catalog-admin.service';

/** Who edits the catalog (docs/decisions/1203). */
export const CATALOG_EDITORS: readonly OperatorRole[] = ['admin', 'editor'];
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];
const base = `${ADMIN_BASE}/catalog`;

/** The console's catalog API, `/api/v1/admin/catalog/...`, for admins and editors. */
export function catalogAdminRoutes(deps: {
  catalogAdmin: CatalogAdminService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { catalogAdmin: service } = deps;
  const preHandler = deps.guards.requireOperator(CATALOG_EDITORS);
  const tags = ['admin'];
  return async (app) => {
    /** An editor's change to a drama or its episodes, answering the drama as it now is. */
    const dramaChange = <
      P extends z.ZodType<{ dramaId: number }>,
      B extends z.ZodType = z.ZodUnknown,
    >(
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      schemas: { params: P; body?: B },
      change: (operatorId: string, request: ParsedRequest<P, z.ZodUnknown, B>) => Promise<unknown>,
    ) =>
      jsonRoute(
        app,
        { method, url, preHandler, tags, ...schemas, data: adminDramaData },
        async (request) => {
          await change(operatorCaller(request).operatorId, request);
          return { drama: await service.dramaDetail(request.params.dramaId) };
        },
      );

    // posters arrive as the image's bytes (a file input's File sent as the body)
    app.addContentTypeParser(
      IMAGE_TYPES.filter((t) => t !== 'application/json'),
      { parseAs: 'buffer', bodyLimit: POSTER_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${base}/dramas`,
        preHandler,
        tags,
        querystring: adminDramaListQuery,
        data: adminDramaListData,
      },
      async (request) => service.listDramas(request.query),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${base}/dramas/:dramaId/impact`,
        preHandler,
        tags,
        params: adminDramaIdParams,
        data: dramaImpactData,
      },
      async (request) => service.impact(request.params.dramaId),
    );

    dramaChange(
      'POST',
      `${base}/dramas/:dramaId/schedule`,
      { params: adminDramaIdParams, body: scheduleBody },
      (operatorId, { params, body }) =>
        service.schedule(operatorId, params.dramaId, body.publishAt),
    );

    for (const [action, run] of [
      ['archive', (op: string, id: number) => service.archive(op, id)],
      ['restore', (op: string, id: number) => service.restore(op, id)],
    ] as const) {
      dramaChange(
        'POST',
        `${base}/dramas/:dramaId/${action}`,
        { params: adminDramaIdParams },
        (operatorId, { params }) => run(operatorId, params.dramaId),
      );
    }

    dramaChange(
      'PUT',
      `${base}/dramas/:dramaId/episodes/order`,
      { params: adminDramaIdParams, body: episodeOrderBody },
      (operatorId, { params, body }) =>
        service.reorderEpisodes(operatorId, params.dramaId, body.numbers),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${base}/dramas`,
        preHandler,
        tags,
        body: dramaFormBody,
        data: z.object({ id: z.number().int() }),
      },
      async (request) => ({
        id: await service.createDrama(operatorCaller(request).operatorId, request.body),
      }),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${base}/dramas/:dramaId`,
        preHandler,
        tags,
        params: adminDramaIdParams,
        data: adminDramaData,
      },
      async (request) => ({ drama: await service.dramaDetail(request.params.dramaId) }),
    );

    dramaChange(
      'PUT',
      `${base}/dramas/:dramaId`,
      { params: adminDramaIdParams, body: dramaFormBody },
      (operatorId, { params, body }) => service.updateDrama(operatorId, params.dramaId, body),
    );

    dramaChange(
      'POST',
      `${base}/dramas/:dramaId/publish`,
      { params: adminDramaIdParams, body: publishBody },
      (operatorId, { params, body }) =>
        service.setPublished(operatorId, params.dramaId, body.published),
    );

    app.put(
      `${base}/dramas/:dramaId/posters/:kind`,
      {
        preHandler,
        bodyLimit: POSTER_MAX_BYTES,
        config: { acceptsBodyTypes: IMAGE_TYPES },
        schema: {
          tags,
          params: posterParams,
          response: { 200: envelope(z.object({ path: z.string() })) },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError(
            ResultCode.CATALOG_IMAGE_INVALID,
            'poster: send the image file as the body',
          );
        }
        const path = await service.setPoster(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.params.kind,
          body,
        );
        return ok({ path });
      },
    );

    dramaChange(
      'POST',
      `${base}/dramas/:dramaId/episodes`,
      { params: adminDramaIdParams, body: addEpisodesBody },
      (operatorId, { params, body }) =>
        service.addEpisodes(operatorId, params.dramaId, body.count, {
          coin: body.coin,
          freeFirst: body.freeFirst,
        }),
    );

    dramaChange(
      'PUT',
      `${base}/dramas/:dramaId/episodes/:episode`,
      { params: adminEpisodeParams, body: episodeFormBody },
      (operatorId, { params, body }) =>
        service.updateEpisode(operatorId, params.dramaId, params.episode, body),
    );

    app.put(
      `${base}/dramas/:dramaId/episodes/:episode/subtitles/:lang`,
      {
        preHandler,
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags,
          params: subtitleParams,
          body: subtitleBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        const { dramaId, episode, lang } = request.params;
        await service.setSubtitles(
          operatorCaller(request).operatorId,
          dramaId,
          episode,
          lang,
          request.body.text,
        );
        return ok({ drama: await service.dramaDetail(dramaId) });
      },
    );

    dramaChange(
      'DELETE',
      `${base}/dramas/:dramaId/episodes/:episode/subtitles/:lang`,
      { params: subtitleParams },
      (operatorId, { params }) =>
        service.setSubtitles(operatorId, params.dramaId, params.episode, params.lang, null),
    );

    jsonRoute(
      app,
      { method: 'GET', url: `${base}/categories`, preHandler, tags, data: adminCategoryListData },
      async () => ({ categories: await service.categories() }),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${base}/categories`,
        preHandler,
        tags,
        body: categoryBody,
        data: adminCategoryListData,
      },
      async (request) => {
        await service.createCategory(operatorCaller(request).operatorId, request.body.name);
        return { categories: await service.categories() };
      },
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${base}/categories/order`,
        preHandler,
        tags,
        body: categoryOrderBody,
        data: adminCategoryListData,
      },
      async (request) => {
        await service.orderCategories(operatorCaller(request).operatorId, request.body.ids);
        return { categories: await service.categories() };
      },
    );
  };
}
