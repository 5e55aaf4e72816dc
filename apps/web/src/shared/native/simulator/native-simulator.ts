import {
  API_BASE,
  NATIVE_MESSAGE_TYPES,
  NATIVE_ORIGIN,
  NATIVE_PROTOCOL_VERSION,
  NativeResult,
  nativeWebEvent,
  parseNativeRequest,
  validateWithoutEval,
  type NativeMessageType,
  type NativePlatform,
  type NativeReplyPayload,
  type NativeRequestEnvelope,
  type PaymentGoodsListData,
} from '@snapdrama/contract';

/**
 * The host simulator: a test double of the app wrapper for iOS or Android, for e2e tests and for
 * trying the native branches in a desktop browser (docs/native-bridge.md, "Host simulator"). It
 * installs `window.SnapDramaHost` as the real host does and answers every message the way the
 * platform would, getting tokens and purchases from the server's sandbox stand-ins (the sandbox
 * identity providers and stores: never in production). Each message can be told to fail, cancel,
 * stay silent, or send a malformed, foreign-origin or unknown-id reply before its real one.
 */

export const SIMULATOR_MODES = [
  'ok',
  'fail',
  'cancel',
  'unsupported',
  /** never answers (a crashed host) */
  'silent',
  /** a reply that does not match the schema first, then the real one */
  'malformed',
  /** the reply posted from a window (page origin, a source) first, then the real one */
  'foreign-origin',
  /** a reply with an id nobody asked for first, then the real one */
  'unknown-id',
  /** purchaseProduct only: the store answers another order id */
  'wrong-order',
  /** fails the first time, then answers */
  'fail-once',
] as const;
export type SimulatorMode = (typeof SIMULATOR_MODES)[number];

export interface SimulatorState {
  platform: NativePlatform;
  modes: Partial<Record<NativeMessageType, SimulatorMode>>;
  /**
   * the platform's code a failing message gives ('fail', 'fail-once'): for purchaseProduct the
   * store's error as react-native-iap names it ('network-error', 'billing-unavailable'...); none
   * by default, as an older host answers
   */
  reasons: Partial<Record<NativeMessageType, string>>;
  consent: {
    consentStatus: 'unknown' | 'required' | 'not_required' | 'obtained';
    privacyOptionsRequired: boolean;
  };
  /** the account the platform's sign-in SDK signs in as */
  account: { email: string; name: string };
  /** the platform's secure storage (Keychain / EncryptedSharedPreferences) */
  keychain: string | null;
  /** how long a rewarded ad runs before it grants */
  adMs: number;
}

export interface SimulatorRecord {
  type: NativeMessageType | 'event';
  payload: unknown;
  result?: number;
  /** the payload of a successful reply */
  reply?: unknown;
}

export interface NativeSimulator {
  readonly state: SimulatorState;
  /** every request received and event sent, in order */
  readonly log: SimulatorRecord[];
  set(patch: Partial<Omit<SimulatorState, 'platform'>>): void;
  /** the host's back button: calls the page's back hook */
  pressBack(): boolean | undefined;
}

declare global {
  interface Window {
    snapdramaSimulator?: NativeSimulator;
  }
}

const STATE_KEY = 'snapdrama.nativeSim';
export const SIMULATOR_SWITCH_KEY = 'snapdrama.nativeSim.platform';

function defaultState(platform: NativePlatform): SimulatorState {
  return {
    platform,
    modes: {},
    reasons: {},
    consent: { consentStatus: 'obtained', privacyOptionsRequired: true },
    account: { email: `${platform}.viewer@sandbox.test`, name: `${platform} viewer` },
    keychain: null,
    adMs: 500,
  };
}

function loadState(storage: Storage, platform: NativePlatform): SimulatorState {
  try {
    const saved = JSON.parse(storage.getItem(STATE_KEY) ?? 'null') as SimulatorState | null;
    if (saved && saved.platform === platform) return { ...defaultState(platform), ...saved };
  } catch {
    // a broken saved state starts over
  }
  return defaultState(platform);
}

class HostError extends Error {
  constructor(
    readonly result: number,
    message: string,
  ) {
    super(message);
  }
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as { code?: number; data?: T } | null;
  if (!response.ok || !json || (json.code !== undefined && json.code !== 0) || !json.data)
    throw new HostError(NativeResult.FAILED, `The store stand-in answered ${response.status}`);
  return json.data;
}

export function installNativeSimulator(win: Window, platform: NativePlatform): NativeSimulator {
  // before its schemas parse (the bridge's note)
  validateWithoutEval();
  const storage = win.localStorage;
  const state = loadState(storage, platform);
  const log: SimulatorRecord[] = [];
  const failedOnce = new Set<NativeMessageType>();
  const save = () => storage.setItem(STATE_KEY, JSON.stringify(state));
  save();

  const deliver = (data: unknown) =>
    win.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify(data), origin: NATIVE_ORIGIN }),
    );

  const storeName = platform === 'android' ? 'Google Play' : 'App Store';

  async function answer<T extends NativeMessageType>(
    request: NativeRequestEnvelope<T>,
  ): Promise<NativeReplyPayload<NativeMessageType>> {
    const p = request.payload as Record<string, unknown>;
    switch (request.type) {
      case 'getAppVersion':
        return {
          appVersion: '1.0.0-simulator',
          protocolVersion: NATIVE_PROTOCOL_VERSION,
          platform,
          messages: [...NATIVE_MESSAGE_TYPES],
        };
      case 'googleLogin':
      case 'kakaoLogin':
      case 'facebookLogin':
      case 'appleLogin': {
        const method = request.type.replace('Login', '');
        // the provider's SDK: the sandbox identity provider issues what the real one would
        return postJson<{ idToken?: string; accessToken?: string }>(
          `/sandbox/oauth/${method}/native-token`,
          state.account,
        ) as Promise<NativeReplyPayload<NativeMessageType>>;
      }
      case 'rewardAds':
        await new Promise((resolve) => setTimeout(resolve, state.adMs));
        return { rewarded: true };
      case 'getPurchaseProductList': {
        const goods = await fetch(`${API_BASE}/payment/goods/list`, {
          credentials: 'include',
          headers: { authorization: `Bearer ${state.keychain ?? ''}` },
        })
          .then((r) => r.json() as Promise<{ data?: PaymentGoodsListData }>)
          .catch(() => null);
        const catalog = goods?.data?.paymentGoodsList ?? [];
        const wanted = (p.productIds as string[]) ?? [];
        const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
        return {
          products: catalog
            .map((g) => ({ id: platform === 'android' ? g.iap.google : g.iap.apple, g }))
            .filter(({ id }) => wanted.includes(id))
            .map(({ id, g }) => ({
              productId: id,
              // the storefront's own price, marked so nobody mistakes it for the server's
              price: `${format.format(g.iap_price)} (${storeName})`,
              currency: 'USD',
              priceMicros: Math.round(g.iap_price * 1_000_000),
            })),
        };
      }
      case 'purchaseProduct': {
        const ordrId =
          state.modes.purchaseProduct === 'wrong-order' ? `${String(p.ordrId)}-other` : p.ordrId;
        if (platform === 'android') {
          const bought = await postJson<{
            packageName: string;
            productId: string;
            purchaseToken: string;
          }>('/sandbox/iap/google/purchase', { ordrId: p.ordrId, productId: p.productId });
          return { store: 'google', ordrId: String(ordrId), ...bought };
        }
        const bought = await postJson<{ transactionId: string; transactionJWS: string }>(
          '/sandbox/iap/apple/purchase',
          { ordrId: p.ordrId, productId: p.productId },
        );
        return {
          store: 'apple',
          ordrId: String(ordrId),
          productId: String(p.productId),
          ...bought,
        };
      }
      case 'purchaseComplete':
        return {};
      case 'nativeShare':
        return { shared: true };
      case 'showPrivacyOptions':
        return { consentStatus: state.consent.consentStatus };
      case 'getConsentStatus':
        return { ...state.consent };
      case 'saveAccessToken':
        state.keychain = (p.accessToken as string | null) ?? null;
        save();
        return {};
      case 'loadAccessToken':
        return { accessToken: state.keychain };
      case 'getPushToken':
        // a stand-in token of this simulated device (the server's FCM/APNs stand-in delivers to it)
        return {
          platform: state.platform === 'ios' ? 'apns' : 'fcm',
          token: `sim-${state.platform}:${state.account.email.replace(/[^A-Za-z0-9_.-]/g, '_')}`,
        };
    }
    throw new HostError(NativeResult.UNSUPPORTED, `${String(request.type)} is not supported`);
  }

  async function handle(raw: string) {
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(raw);
    } catch {
      return;
    }
    const event = nativeWebEvent.safeParse(parsedJson);
    if (event.success) {
      log.push({ type: 'event', payload: event.data.event });
      return;
    }
    const parsed = parseNativeRequest(parsedJson);
    if (!parsed.ok) {
      if (parsed.id && parsed.type)
        deliver({
          v: NATIVE_PROTOCOL_VERSION,
          id: parsed.id,
          type: parsed.type,
          result: NativeResult.BAD_REQUEST,
          message: parsed.error,
        });
      return;
    }
    const { request } = parsed;
    const record: SimulatorRecord = { type: request.type, payload: request.payload };
    log.push(record);
    const base = { v: NATIVE_PROTOCOL_VERSION, id: request.id, type: request.type };
    const mode = state.modes[request.type] ?? 'ok';
    const fail = (result: number, message: string) => {
      record.result = result;
      const reason = result === NativeResult.FAILED ? state.reasons[request.type] : undefined;
      deliver({ ...base, result, message, ...(reason === undefined ? {} : { reason }) });
    };
    switch (mode) {
      case 'silent':
        return;
      case 'fail':
        return fail(NativeResult.FAILED, `Simulated ${storeName} failure (${request.type})`);
      case 'cancel':
        return fail(NativeResult.CANCELED, `Canceled (${request.type})`);
      case 'unsupported':
        return fail(NativeResult.UNSUPPORTED, `${request.type} is not supported`);
      case 'fail-once':
        if (!failedOnce.has(request.type)) {
          failedOnce.add(request.type);
          return fail(NativeResult.FAILED, `Simulated ${storeName} failure (${request.type})`);
        }
        break;
      case 'malformed':
        deliver({ ...base, result: NativeResult.OK, payload: { unexpected: true } });
        break;
      case 'foreign-origin':
        // what a page in another frame or window could send: the browser stamps its origin
        win.postMessage(
          JSON.stringify({ ...base, result: NativeResult.OK, payload: {} }),
          win.location.origin,
        );
        break;
      case 'unknown-id':
        deliver({ ...base, id: `${request.id}-unknown`, result: NativeResult.OK, payload: {} });
        break;
      case 'ok':
      case 'wrong-order':
        break;
    }
    try {
      const payload = await answer(request);
      record.result = NativeResult.OK;
      record.reply = payload;
      deliver({ ...base, result: NativeResult.OK, payload });
    } catch (error) {
      fail(
        error instanceof HostError ? error.result : NativeResult.FAILED,
        error instanceof Error ? error.message : 'Simulated host error',
      );
    }
  }

  win.SnapDramaHost = {
    platform,
    postMessage: (message: string) => {
      // the real hosts answer asynchronously, never inside the web's call
      setTimeout(() => void handle(message), 0);
    },
  };

  const badge = win.document.createElement('div');
  badge.textContent = `Native simulator · ${platform === 'ios' ? 'iOS' : 'Android'}`;
  badge.setAttribute('data-testid', 'native-simulator-badge');
  badge.setAttribute('aria-hidden', 'true');
  badge.style.cssText =
    'position:fixed;left:4px;bottom:4px;z-index:2147483647;pointer-events:none;font:11px system-ui;' +
    'background:#f5b400;color:#111;padding:1px 6px;border-radius:4px;opacity:.85';
  win.document.body.appendChild(badge);

  const simulator: NativeSimulator = {
    state,
    log,
    set(patch) {
      Object.assign(state, patch);
      save();
    },
    pressBack: () => win.snapdramaBack?.(),
  };
  win.snapdramaSimulator = simulator;
  return simulator;
}
