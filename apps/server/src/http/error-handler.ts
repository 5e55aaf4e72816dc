import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  API_BASE,
  MEDIA_BASE,
  RESOURCES_BASE,
  ResultCode,
  type ErrorCode,
} from '@snapdrama/contract';
import { isDatabaseUnavailable } from '../db/client';
import { AppError } from '../errors';

function validationMessage(
  error: { validation: { instancePath?: string; message?: string }[] },
  context?: string,
) {
  const parts = error.validation.map((v) => {
    const where = [context, (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')]
      .filter(Boolean)
      .join('.');
    return `${where || 'request'}: ${v.message ?? 'is invalid'}`;
  });
  return parts.join('; ');
}

/** Our code for a framework's 4xx (body parser, router): the status is kept where we have one. */
function clientErrorCode(status: number): ErrorCode {
  switch (status) {
    case 413:
      return ResultCode.PAYLOAD_TOO_LARGE;
    case 414:
      return ResultCode.URI_TOO_LONG;
    case 415:
      return ResultCode.UNSUPPORTED_MEDIA_TYPE;
    case 429:
      return ResultCode.RATE_LIMITED;
    default:
      return ResultCode.BAD_REQUEST;
  }
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (bad percent-encoding, a path parameter
 * over maxParamLength) answer before any hook or error handler, so they get the envelope here.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const code = clientErrorCode(error.statusCode ?? 400);
  void reply.status(Math.floor(code / 1000)).send({ code, message: error.message, data: null });
}

/** Our code for a refusal of Node's HTTP parser (by its error code), before any request exists. */
function parserErrorCode(code: string | undefined): ErrorCode {
  if (code === 'HPE_HEADER_OVERFLOW') return ResultCode.REQUEST_HEADERS_TOO_LARGE;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ResultCode.REQUEST_TIMEOUT;
  return ResultCode.BAD_REQUEST;
}

const PARSER_MESSAGES: Partial<Record<ErrorCode, string>> = {
  [ResultCode.REQUEST_HEADERS_TOO_LARGE]: 'Request headers are too large',
  [ResultCode.REQUEST_TIMEOUT]: 'The request did not arrive in time',
  [ResultCode.BAD_REQUEST]: 'Malformed HTTP request',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request (a malformed chunked body, a
 * bad Content-Length, headers over 16 KB, a timeout) before Fastify has a request or a reply, so
 * the envelope is written to the socket here, and the connection closes (its framing is lost).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = parserErrorCode(error.code);
  const status = Math.floor(code / 1000);
  const body = JSON.stringify({
    code,
    message: PARSER_MESSAGES[code] ?? 'Bad request',
    data: null,
  });
  this.log.debug({ err: error }, 'HTTP parser refused a request');
  // as Node does: never write into an answer already on its way on this connection
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * One handler for every error: contract errors keep their code, bad input is 400 with the reason,
 * and anything else is a 500 whose details stay in the log.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback?: () => boolean },
) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        code: ResultCode.BAD_REQUEST,
        message: validationMessage(error, error.validationContext),
        data: null,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // malformed JSON, a wrong content type, a body too large, a rate limit...
      const code = clientErrorCode(status);
      return reply
        .status(Math.floor(code / 1000))
        .send({ code, message: error.message, data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({
        code: ResultCode.UNAVAILABLE,
        message: 'The service is briefly unavailable; try again',
        data: null,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: ResultCode.INTERNAL, message: 'Internal server error', data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = [API_BASE, MEDIA_BASE, RESOURCES_BASE].some(
      (p) => url.startsWith(`${p}/`) || url === p,
    );
    if (!isApi && request.method === 'GET' && options.spaFallback?.()) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      code: ResultCode.NOT_FOUND,
      message: `No route for ${request.method} ${url.split('?')[0]}`,
      data: null,
    });
  });
}
