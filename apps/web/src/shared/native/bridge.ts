import {
  NATIVE_ORIGIN,
  NATIVE_PROTOCOL_VERSION,
  NativeResult,
  nativeMessages,
  parseNativeReply,
  type NativeMessageType,
  type NativePlatform,
  type NativeReplyPayload,
  type NativeRequestPayload,
  type NativeWebEvent,
  validateWithoutEval,
} from '@snapdrama/contract';

import type { NativeHostHandle } from './native-host';

export type { NativeHostHandle };

export type NativeOutcome<T extends NativeMessageType> =
  | { status: 'ok'; payload: NativeReplyPayload<T> }
  | {
      status: 'failed' | 'canceled' | 'unsupported';
      message: string | undefined;
      /** the platform's code of the failure, when the host gives one (a store's error code) */
      reason?: string;
    }
  /** no valid reply in time (the host crashed, or only sent replies we dropped) */
  | { status: 'timeout' };

export interface NativeBridge {
  readonly platform: NativePlatform;
  request<T extends NativeMessageType>(
    type: T,
    payload: NativeRequestPayload<T>,
    options?: { timeoutMs?: number },
  ): Promise<NativeOutcome<T>>;
  /** a web → host event that needs no reply */
  notify(event: NativeWebEvent['event']): void;
  dispose(): void;
}

export interface BridgeDeps {
  host: NativeHostHandle;
  /** where the host's message events arrive (the window) */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  makeId: () => string;
  /** §8: the bridge logs what it drops */
  logError: (message: string, detail?: unknown) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  defaultTimeoutMs: number;
}

interface Pending {
  type: NativeMessageType;
  resolve: (outcome: NativeOutcome<NativeMessageType>) => void;
  timer: unknown;
}

function failureStatus(result: number): 'failed' | 'canceled' | 'unsupported' {
  if (result === NativeResult.CANCELED) return 'canceled';
  if (result === NativeResult.UNSUPPORTED) return 'unsupported';
  return 'failed';
}

/**
 * The web side of the bridge: typed requests with ids and timeouts. A reply is taken only from
 * the native origin (with no source window), for an id still pending, of the type asked, and
 * matching the message's schema. Everything else is dropped and logged; a dropped reply leaves
 * the request waiting, so a forged or broken reply cannot end it early either.
 */
export function createNativeBridge(deps: BridgeDeps): NativeBridge {
  // before its schemas parse a message: the CSP allows no eval, and zod would probe for it (zod
  // loads only with the bridge, so the entry does not set this: nothing else parses with it)
  validateWithoutEval();
  const pending = new Map<string, Pending>();

  const onMessage = (event: Event) => {
    if (!(event instanceof MessageEvent)) return;
    if (event.origin !== NATIVE_ORIGIN) return; // other windows' messages are not for the bridge
    if (event.source !== null) {
      deps.logError('native bridge: dropped a native-origin message sent from a window');
      return;
    }
    let data: unknown = event.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        deps.logError('native bridge: dropped a reply that is not JSON');
        return;
      }
    }
    const loose = data as { id?: unknown } | null;
    const id = typeof loose?.id === 'string' ? loose.id : undefined;
    const waiting = id === undefined ? undefined : pending.get(id);
    if (!id || !waiting) {
      deps.logError('native bridge: dropped a reply for no pending request', id);
      return;
    }
    const parsed = parseNativeReply(waiting.type, data);
    if (!parsed.ok) {
      deps.logError(`native bridge: dropped a malformed ${waiting.type} reply (${parsed.error})`);
      return;
    }
    pending.delete(id);
    deps.clearTimer(waiting.timer);
    if (parsed.result === 0 && 'payload' in parsed) {
      waiting.resolve({ status: 'ok', payload: parsed.payload });
    } else if ('message' in parsed) {
      waiting.resolve({
        status: failureStatus(parsed.result),
        message: parsed.message,
        ...(parsed.reason === undefined ? {} : { reason: parsed.reason }),
      });
    }
  };
  deps.events.addEventListener('message', onMessage);

  return {
    platform: deps.host.platform,
    request(type, payload, options) {
      return new Promise((resolve) => {
        const checked = nativeMessages[type].request.safeParse(payload);
        if (!checked.success) {
          deps.logError(`native bridge: refused to send a malformed ${type} request`);
          resolve({ status: 'failed', message: undefined });
          return;
        }
        const id = deps.makeId();
        const timer = deps.setTimer(() => {
          if (!pending.delete(id)) return;
          deps.logError(`native bridge: ${type} timed out`);
          resolve({ status: 'timeout' });
        }, options?.timeoutMs ?? deps.defaultTimeoutMs);
        pending.set(id, {
          type,
          resolve: resolve as (outcome: NativeOutcome<NativeMessageType>) => void,
          timer,
        });
        try {
          deps.host.postMessage(
            JSON.stringify({ v: NATIVE_PROTOCOL_VERSION, id, type, payload: checked.data }),
          );
        } catch (error) {
          pending.delete(id);
          deps.clearTimer(timer);
          deps.logError(`native bridge: the host refused ${type}`, error);
          resolve({ status: 'unsupported', message: undefined });
        }
      });
    },
    notify(event) {
      try {
        deps.host.postMessage(JSON.stringify({ v: NATIVE_PROTOCOL_VERSION, event }));
      } catch (error) {
        deps.logError(`native bridge: the host refused the ${event} event`, error);
      }
    },
    dispose() {
      deps.events.removeEventListener('message', onMessage);
      for (const [, waiting] of pending) deps.clearTimer(waiting.timer);
      pending.clear();
    },
  };
}
