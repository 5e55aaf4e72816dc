import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '@snapdrama/contract';
import { ok } from './reply';

/** The instance a route plugin of ours registers its routes on. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A JSON route's declaration: who may call it, its contract schemas, what its envelope carries. */
export interface JsonRoute<P, Q, B, D extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  preHandler?: Guard;
  tags?: string[];
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  data: D;
}

/** A request as the route's schemas parsed it. */
export type ParsedRequest<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> & { params: z.output<P>; query: z.output<Q>; body: z.output<B> };

/**
 * Registers a JSON route: its guard, its request schemas, and the handler's answer in the success
 * envelope (the refusals a handler throws become the error envelope in the error handler).
 */
export function jsonRoute<
  D extends z.ZodType,
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(
  app: RouteApp,
  route: JsonRoute<P, Q, B, D>,
  handle: (request: ParsedRequest<P, Q, B>) => Promise<z.input<D>>,
): void {
  const { method, url, preHandler, data, ...requestSchemas } = route;
  // typed as a plain schema: the type provider cannot resolve schemas given as type parameters,
  // so the handler's types come from jsonRoute's own (fastify validates against the same schemas)
  const schema: FastifySchema = { ...requestSchemas, response: { 200: envelope(data) } };
  app.route({
    method,
    url,
    ...(preHandler ? { preHandler } : {}),
    schema,
    handler: async (request) => ok(await handle(request as ParsedRequest<P, Q, B>)),
  });
}
