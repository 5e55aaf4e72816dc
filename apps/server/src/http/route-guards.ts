import type { OperatorGuards } from '../modules/operators/operator-guard';
import type { Guards, TokenGuards } from './auth-guard';

/** What a module's routes check callers with: viewers' sessions, operators' roles. */
export interface RouteGuards {
  viewer: Guards & TokenGuards;
  operator: OperatorGuards;
}
