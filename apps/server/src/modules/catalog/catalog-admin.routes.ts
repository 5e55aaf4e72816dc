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
    // posters arrive as the image's bytes (a file input's File sent as the body)
    app.addContentTypeParser(
      IMAGE_TYPES.filter((t) => t !== 'application/json'),
      { parseAs: 'buffer', bodyLimit: POSTER_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.get(
      `${base}/dramas`,
      {
        preHandler,
        schema: {
          tags,
          querystring: adminDramaListQuery,
          response: { 200: envelope(adminDramaListData) },
        },
      },
      async (request) => ok(await service.listDramas(request.query)),
    );

    app.get(
      `${base}/dramas/:dramaId/impact`,
      {
        preHandler,
        schema: { tags, params: adminDramaIdParams, response: { 200: envelope(dramaImpactData) } },
      },
      async (request) => ok(await service.impact(request.params.dramaId)),
    );

    app.post(
      `${base}/dramas/:dramaId/schedule`,
      {
        preHandler,
        schema: {
          tags,
          params: adminDramaIdParams,
          body: scheduleBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        await service.schedule(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.body.publishAt,
        );
        return ok({ drama: await service.dramaDetail(request.params.dramaId) });
      },
    );

    for (const [action, run] of [
      ['archive', (op: string, id: number) => service.archive(op, id)],
      ['restore', (op: string, id: number) => service.restore(op, id)],
    ] as const) {
      app.post(
        `${base}/dramas/:dramaId/${action}`,
        {
          preHandler,
          schema: { tags, params: adminDramaIdParams, response: { 200: envelope(adminDramaData) } },
        },
        async (request) => {
          await run(operatorCaller(request).operatorId, request.params.dramaId);
          return ok({ drama: await service.dramaDetail(request.params.dramaId) });
        },
      );
    }

    app.put(
      `${base}/dramas/:dramaId/episodes/order`,
      {
        preHandler,
        schema: {
          tags,
          params: adminDramaIdParams,
          body: episodeOrderBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        await service.reorderEpisodes(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.body.numbers,
        );
        return ok({ drama: await service.dramaDetail(request.params.dramaId) });
      },
    );

    app.post(
      `${base}/dramas`,
      {
        preHandler,
        schema: {
          tags,
          body: dramaFormBody,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (request) =>
        ok({ id: await service.createDrama(operatorCaller(request).operatorId, request.body) }),
    );

    app.get(
      `${base}/dramas/:dramaId`,
      {
        preHandler,
        schema: { tags, params: adminDramaIdParams, response: { 200: envelope(adminDramaData) } },
      },
      async (request) => ok({ drama: await service.dramaDetail(request.params.dramaId) }),
    );

    app.put(
      `${base}/dramas/:dramaId`,
      {
        preHandler,
        schema: {
          tags,
          params: adminDramaIdParams,
          body: dramaFormBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        await service.updateDrama(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.body,
        );
        return ok({ drama: await service.dramaDetail(request.params.dramaId) });
      },
    );

    app.post(
      `${base}/dramas/:dramaId/publish`,
      {
        preHandler,
        schema: {
          tags,
          params: adminDramaIdParams,
          body: publishBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        await service.setPublished(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.body.published,
        );
        return ok({ drama: await service.dramaDetail(request.params.dramaId) });
      },
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

    app.post(
      `${base}/dramas/:dramaId/episodes`,
      {
        preHandler,
        schema: {
          tags,
          params: adminDramaIdParams,
          body: addEpisodesBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        await service.addEpisodes(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.body.count,
          { coin: request.body.coin, freeFirst: request.body.freeFirst },
        );
        return ok({ drama: await service.dramaDetail(request.params.dramaId) });
      },
    );

    app.put(
      `${base}/dramas/:dramaId/episodes/:episode`,
      {
        preHandler,
        schema: {
          tags,
          params: adminEpisodeParams,
          body: episodeFormBody,
          response: { 200: envelope(adminDramaData) },
        },
      },
      async (request) => {
        const { dramaId, episode } = request.params;
        await service.updateEpisode(
          operatorCaller(request).operatorId,
          dramaId,
          episode,
          request.body,
        );
        return ok({ drama: await service.dramaDetail(dramaId) });
      },
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

    app.delete(
      `${base}/dramas/:dramaId/episodes/:episode/subtitles/:lang`,
      {
        preHandler,
        schema: { tags, params: subtitleParams, response: { 200: envelope(adminDramaData) } },
      },
      async (request) => {
        const { dramaId, episode, lang } = request.params;
        await service.setSubtitles(
          operatorCaller(request).operatorId,
          dramaId,
          episode,
          lang,
          null,
        );
        return ok({ drama: await service.dramaDetail(dramaId) });
      },
    );

    app.get(
      `${base}/categories`,
      { preHandler, schema: { tags, response: { 200: envelope(adminCategoryListData) } } },
      async () => ok({ categories: await service.categories() }),
    );

    app.post(
      `${base}/categories`,
      {
        preHandler,
        schema: { tags, body: categoryBody, response: { 200: envelope(adminCategoryListData) } },
      },
      async (request) => {
        await service.createCategory(operatorCaller(request).operatorId, request.body.name);
        return ok({ categories: await service.categories() });
      },
    );

    app.put(
      `${base}/categories/order`,
      {
        preHandler,
        schema: {
          tags,
          body: categoryOrderBody,
          response: { 200: envelope(adminCategoryListData) },
        },
      },
      async (request) => {
        await service.orderCategories(operatorCaller(request).operatorId, request.body.ids);
        return ok({ categories: await service.categories() });
      },
    );
  };
}
