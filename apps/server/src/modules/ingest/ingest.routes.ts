import type { IncomingMessage } from 'node:http';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import {
  API_BASE,
  INGEST_MAX_UPLOAD_BYTES,
  ResultCode,
  envelope,
  ingestDramaData,
  ingestDramaParams,
  ingestEpisodeData,
  ingestEpisodeParams,
  ingestJob,
  ingestJobsData,
  ingestJobsQuery,
  ingestPaths,
  ingestPreviewData,
  ingestUploadMetadata,
  type ErrorCode,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import { rateLimited } from '../../http/edge';
import { ok } from '../../http/reply';
import { operatorCaller } from '../operators/operator-guard';
import { languageFromAcceptLanguage, pickLanguage } from '@snapdrama/rules';
import { localizeRefusal, type TextsOf } from '../i18n/refusal-language';
import type { IngestService } from './ingest.service';
import type { IngestJobsView } from './ingest-jobs';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What tus answers with when a hook refuses: our envelope, as JSON text. */
class TusRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.status_code = Math.floor(code / 1000);
    this.body = JSON.stringify({ code, message, data: null });
  }
}

const refusalOf = (error: unknown): TusRefusal | never => {
  if (error instanceof AppError) return new TusRefusal(error.code, error.message);
  throw error;
};

const TUS_BODY_TYPE = 'application/offset+octet-stream';

/** Our codes for tus's refusals by status: too large, unknown or gone upload, offset conflict. */
const TUS_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: ResultCode.INGEST_UPLOAD_INVALID,
  403: ResultCode.FORBIDDEN,
  404: ResultCode.INGEST_UPLOAD_NOT_FOUND,
  409: ResultCode.INGEST_UPLOAD_CONFLICT,
  410: ResultCode.INGEST_UPLOAD_GONE,
  412: ResultCode.INGEST_TUS_VERSION_UNSUPPORTED,
  413: ResultCode.INGEST_UPLOAD_TOO_LARGE,
};

/**
 * tus's answer with its refusals in our envelope: tus writes some of them itself as plain text
 * (a missing Tus-Resumable, an invalid Upload-Length or Upload-Metadata) without asking
 * onResponseError. Status and tus's protocol headers stay; the body becomes {code,message,data}.
 * Its 5xx (a store failure) is logged and answered as ours.
 */
function isEnvelope(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'code' in value && 'data' in value;
  } catch {
    return false;
  }
}

/**
 * The refusal in the caller's language (Accept-Language: the console sends its own): the hijacked
 * tus answer passes no serialization hook, so it is worded here as refusal-language.ts words the
 * others; the developer's wording goes to the log.
 */
async function inCallersLanguage(
  body: string,
  request: FastifyRequest,
  textsOf: TextsOf,
): Promise<string> {
  const refusal = JSON.parse(body) as { code: number; message: string; data: null };
  if (refusal.message) request.log.info({ code: refusal.code, detail: refusal.message }, 'refusal');
  const lang = pickLanguage(
    undefined,
    languageFromAcceptLanguage(request.headers['accept-language']),
  );
  return JSON.stringify(await localizeRefusal(refusal, lang, textsOf, undefined));
}

async function inEnvelope(
  answer: Response,
  request: FastifyRequest,
  textsOf: TextsOf,
): Promise<Response> {
  const log = request.log;
  if (answer.status < 400) return answer;
  if (answer.headers.get('content-type')?.includes('application/json')) return answer;
  const text = (await answer.text()).trim();
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  // our own refusals (TusRefusal, through onResponseError) are envelopes already
  if (isEnvelope(text)) {
    const worded = await inCallersLanguage(text, request, textsOf);
    headers.set('content-length', String(Buffer.byteLength(worded)));
    return new Response(worded, { status: answer.status, headers });
  }
  const known = TUS_STATUS_CODES[answer.status];
  if (known === undefined) log.error({ status: answer.status, tus: text }, 'tus failed');
  const code = known ?? ResultCode.INTERNAL;
  const body = await inCallersLanguage(
    JSON.stringify({
      code,
      message: known === undefined ? 'Internal server error' : text || 'Upload refused',
      data: null,
    }),
    request,
    textsOf,
  );
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, { status: Math.floor(code / 1000), headers });
}

/**
 * The operator console's ingest API under /api/v1/admin/ingest: the tus upload endpoint (sources
 * stream to disk in resumable pieces; multi-GB files never sit in memory) and each episode's
 * transcode state, with a retry. Every route is behind the operator guard (editors and admins).
 */
export function ingestRoutes(deps: {
  ingest: IngestService;
  /** the jobs page across dramas and the preview (decision 1543) */
  jobsView: IngestJobsView;
  /** the operator guard of every route here */
  guard: PreHandler;
  uploadDir: string;
  maxUploadBytes?: number;
  /** the dictionary's texts: tus's refusals are worded in the caller's language */
  textsOf: TextsOf;
}): FastifyPluginAsyncZod {
  const { ingest, guard } = deps;
  mkdirSync(deps.uploadDir, { recursive: true });
  // tus hooks see the web Request srvx makes of the Node one; the operator rides along by it
  const operatorOfRequest = new WeakMap<IncomingMessage, string | null>();
  const nodeRequestOf = (req: unknown) =>
    (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

  const tus = new TusServer({
    path: `${API_BASE}${ingestPaths.uploads()}`,
    datastore: new FileStore({ directory: deps.uploadDir }),
    maxSize: deps.maxUploadBytes ?? INGEST_MAX_UPLOAD_BYTES,
    relativeLocation: true,
    // an upload's metadata is checked before a byte is stored: the episode must exist
    async onUploadCreate(_req, upload) {
      const meta = ingestUploadMetadata.safeParse(upload.metadata ?? {});
      if (!meta.success) {
        throw new TusRefusal(
          ResultCode.INGEST_UPLOAD_INVALID,
          `Upload metadata: ${meta.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      await ingest.checkEpisode(meta.data.dramaId, meta.data.epsd).catch((e: unknown) => {
        throw refusalOf(e);
      });
      return {};
    },
    // the last piece arrived: probe, store and queue; the answer carries the queued job
    async onUploadFinish(req, upload) {
      const file = path.join(deps.uploadDir, upload.id);
      try {
        const meta = ingestUploadMetadata.parse(upload.metadata ?? {});
        const node = nodeRequestOf(req);
        const job = await ingest
          .acceptSource({
            dramaId: meta.dramaId,
            epsd: meta.epsd,
            file,
            name: meta.filename,
            operatorId: (node && operatorOfRequest.get(node)) ?? null,
          })
          .catch((e: unknown) => {
            throw refusalOf(e);
          });
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(ok({ job })),
        };
      } finally {
        // stored (or refused): the staged copy and its tus record go
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
      }
    },
    // our refusals carry their envelope; tus's own become one in inEnvelope (status kept)
    onResponseError(_req, error) {
      if (error instanceof TusRefusal) return error;
      return undefined;
    },
  });

  return async (app) => {
    // tus reads the body itself, as a stream straight to the file store
    app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));
    const tusRoute = {
      schema: { hide: true },
      preHandler: guard,
      config: { acceptsBodyTypes: [TUS_BODY_TYPE], ...rateLimited(1200) },
    };
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      operatorOfRequest.set(request.raw, operatorCaller(request).operatorId);
      reply.hijack();
      // tus.handle(), with its answer put in our envelope before it is sent
      const answer = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
      await sendNodeResponse(reply.raw, await inEnvelope(answer, request, deps.textsOf));
    };
    for (const url of [ingestPaths.uploads(), `${ingestPaths.uploads()}/:uploadId`]) {
      app.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
        url,
        ...tusRoute,
        handler: handOver,
      });
    }

    app.get(
      '/admin/ingest/episodes/:dramaId/:epsd',
      {
        preHandler: guard,
        schema: { params: ingestEpisodeParams, response: { 200: envelope(ingestEpisodeData) } },
      },
      async (request) =>
        ok({ job: await ingest.episodeJob(request.params.dramaId, request.params.epsd) }),
    );

    app.get(
      '/admin/ingest/dramas/:dramaId',
      {
        preHandler: guard,
        schema: { params: ingestDramaParams, response: { 200: envelope(ingestDramaData) } },
      },
      async (request) => ok(await ingest.dramaEpisodes(request.params.dramaId)),
    );

    app.get(
      '/admin/ingest/jobs',
      {
        preHandler: guard,
        schema: { querystring: ingestJobsQuery, response: { 200: envelope(ingestJobsData) } },
      },
      async (request) => ok(await deps.jobsView.jobs(request.query)),
    );

    app.get(
      '/admin/ingest/episodes/:dramaId/:epsd/preview',
      {
        preHandler: guard,
        schema: { params: ingestEpisodeParams, response: { 200: envelope(ingestPreviewData) } },
      },
      async (request) =>
        ok(await deps.jobsView.preview(request.params.dramaId, request.params.epsd)),
    );

    app.post(
      '/admin/ingest/episodes/:dramaId/:epsd/retry',
      {
        preHandler: guard,
        schema: {
          params: ingestEpisodeParams,
          response: { 200: envelope(ingestEpisodeData.extend({ job: ingestJob })) },
        },
      },
      async (request) =>
        ok({
          job: await ingest.retry(
            request.params.dramaId,
            request.params.epsd,
            operatorCaller(request).operatorId,
          ),
        }),
    );
  };
}
