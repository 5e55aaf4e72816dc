import type { FastifyRequest } from 'fastify';
import { ResultCode } from '@snapdrama/contract';
import { AppError } from '../errors';
import type { AuthContext } from '../modules/auth/auth.service';
import { caller } from './auth-guard';

/**
 * The signed-in caller of a requireUser route that guests may not use (paying): a guest is refused
 * with 403005 and the given message, and the client opens login.
 */
export function memberCaller(request: FastifyRequest, guestRefusal: string): AuthContext {
  const who = caller(request);
  if (who.authMethod === 'guest') throw new AppError(ResultCode.GUEST_NOT_ALLOWED, guestRefusal);
  return who;
}
