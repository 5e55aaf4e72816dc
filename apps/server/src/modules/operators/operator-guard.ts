import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_TOKEN_COOKIE, ResultCode, type OperatorRole } from '@snapdrama/contract';
import { AppError } from '../../errors';
import { sessionGuard } from '../../http/auth-guard';
import type { OperatorContext, OperatorsService } from './operators.service';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorContext | null;
  }
}

/** The console's token: a bearer token, else the operator_token cookie. Never the viewer cookie. */
export function readOperatorToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies[OPERATOR_TOKEN_COOKIE] || undefined;
}

export type OperatorPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface OperatorGuards {
  /**
   * The one guard of every operator route: `preHandler: guards.requireOperator(['admin', 'editor'])`.
   * No operator session (a guest, a viewer's token, signed out, expired): 401 120/122.
   * An operator whose role is not listed: 403120.
   */
  requireOperator(roles: readonly OperatorRole[]): OperatorPreHandler;
}

export function createOperatorGuards(
  operators: Pick<OperatorsService, 'authenticate'>,
): OperatorGuards {
  return {
    requireOperator(roles) {
      if (roles.length === 0) throw new Error('requireOperator needs at least one role');
      const allowed = new Set(roles);
      // checked in the route's onRequest, before its body is read (http/auth-guard.ts)
      return sessionGuard('operator', async (request: FastifyRequest) => {
        const token = readOperatorToken(request);
        if (!token)
          throw new AppError(ResultCode.OPERATOR_SESSION_INVALID, 'Operator sign-in required');
        const operator = await operators.authenticate(token);
        if (!allowed.has(operator.role)) {
          throw new AppError(
            ResultCode.OPERATOR_ROLE_FORBIDDEN,
            `This needs the role ${roles.join(' or ')}`,
          );
        }
        request.operator = operator;
      });
    },
  };
}

/** The operator calling a route guarded by requireOperator. */
export function operatorCaller(request: FastifyRequest): OperatorContext {
  if (!request.operator)
    throw new AppError(ResultCode.OPERATOR_SESSION_INVALID, 'Operator sign-in required');
  return request.operator;
}
