import {
  NATIVE_MESSAGE_TYPES,
  NATIVE_ORIGIN,
  NATIVE_PROTOCOL_VERSION,
  NativeResult,
  nativeMessages,
  nativeWebEvent,
  parseNativeRequest,
  type NativeMessageType,
  type NativePlatform,
  type NativeReplyEnvelope,
  type NativeReplyPayload,
  type NativeRequestPayload,
  type NativeResultCode,
  type NativeWebEvent,
} from '@snapdrama/contract';

/**
 * The host side of the native bridge (docs/native-bridge.md), in plain TypeScript: it parses what
 * the web view posts, calls the platform's modules and builds the script that delivers the reply.
 * The React Native shell (App.tsx) only moves strings between the web view and this.
 */

/** A platform call that ended without a result: canceled by the viewer, failed, unsupported. */
export class HostError extends Error {
  constructor(
    readonly result: NativeResultCode,
    message: string,
    /** the SDK's code of the failure (a store's error code), for the web's own words */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

export const canceled = (message = 'Canceled') => new HostError(NativeResult.CANCELED, message);

type Handler<T extends NativeMessageType> = (
  payload: NativeRequestPayload<T>,
) => Promise<NativeReplyPayload<T>>;

/** The platform's real modules, one function per message (src/platform wires the SDKs). */
export interface PlatformModules {
  platform: NativePlatform;
  appVersion: string;
  googleLogin: Handler<'googleLogin'>;
  kakaoLogin: Handler<'kakaoLogin'>;
  facebookLogin: Handler<'facebookLogin'>;
  appleLogin: Handler<'appleLogin'>;
  rewardAds: Handler<'rewardAds'>;
  getPurchaseProductList: Handler<'getPurchaseProductList'>;
  purchaseProduct: Handler<'purchaseProduct'>;
  purchaseComplete: Handler<'purchaseComplete'>;
  nativeShare: Handler<'nativeShare'>;
  showPrivacyOptions: Handler<'showPrivacyOptions'>;
  getConsentStatus: Handler<'getConsentStatus'>;
  saveAccessToken: Handler<'saveAccessToken'>;
  loadAccessToken: Handler<'loadAccessToken'>;
  getPushToken: Handler<'getPushToken'>;
}

export interface HostBridgeDeps {
  modules: PlatformModules;
  /** the web app's origin: messages from any other page are ignored */
  webOrigin: string;
  /** runs a script in the web view (react-native-webview's injectJavaScript) */
  inject: (script: string) => void;
  /** the web's events: backExhausted lets the app close */
  onWebEvent: (event: NativeWebEvent['event']) => void;
  logError: (message: string, detail?: unknown) => void;
}

/** Whether a page address belongs to the web app (same scheme, host and port). */
export function isTrustedPage(pageUrl: string | undefined, webOrigin: string): boolean {
  if (!pageUrl) return false;
  try {
    return new URL(pageUrl).origin === new URL(webOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * The script injected before the page's own scripts: the host handle the web looks for. Its
 * postMessage goes to react-native-webview's channel.
 */
export function hostHandleScript(platform: NativePlatform): string {
  return `(function(){var rn=window.ReactNativeWebView;if(!rn)return;Object.defineProperty(window,'SnapDramaHost',{value:Object.freeze({platform:${JSON.stringify(platform)},postMessage:function(m){rn.postMessage(String(m));}}),configurable:false,writable:false});})();true;`;
}

/** The script that delivers a reply: a message event with the native origin and no source window. */
export function replyScript(reply: NativeReplyEnvelope): string {
  const data = JSON.stringify(JSON.stringify(reply));
  return `window.dispatchEvent(new MessageEvent('message',{data:${data},origin:${JSON.stringify(NATIVE_ORIGIN)}}));true;`;
}

/** The script the host runs on the platform's back button: the web's back hook (spec §2). */
export const BACK_SCRIPT =
  "(function(){if(typeof window.snapdramaBack==='function'){window.snapdramaBack();}else{window.ReactNativeWebView&&window.ReactNativeWebView.postMessage(JSON.stringify({v:1,event:'backExhausted'}));}})();true;";

export function createHostBridge(deps: HostBridgeDeps) {
  const { modules } = deps;

  const handlers: { [T in NativeMessageType]: Handler<T> } = {
    getAppVersion: () =>
      Promise.resolve({
        appVersion: modules.appVersion,
        protocolVersion: NATIVE_PROTOCOL_VERSION,
        platform: modules.platform,
        messages: [...NATIVE_MESSAGE_TYPES],
      }),
    googleLogin: modules.googleLogin,
    kakaoLogin: modules.kakaoLogin,
    facebookLogin: modules.facebookLogin,
    appleLogin: modules.appleLogin,
    rewardAds: modules.rewardAds,
    getPurchaseProductList: modules.getPurchaseProductList,
    purchaseProduct: modules.purchaseProduct,
    purchaseComplete: modules.purchaseComplete,
    nativeShare: modules.nativeShare,
    showPrivacyOptions: modules.showPrivacyOptions,
    getConsentStatus: modules.getConsentStatus,
    saveAccessToken: modules.saveAccessToken,
    loadAccessToken: modules.loadAccessToken,
    getPushToken: modules.getPushToken,
  };

  const send = (reply: NativeReplyEnvelope) => deps.inject(replyScript(reply));

  async function run<T extends NativeMessageType>(
    type: T,
    payload: NativeRequestPayload<T>,
  ): Promise<Omit<NativeReplyEnvelope, 'v' | 'id' | 'type'>> {
    try {
      const result = await (handlers[type] as Handler<T>)(payload);
      // never send the web what its schema would drop: a module bug is a failure, said so
      const checked = nativeMessages[type].reply.safeParse(result);
      if (!checked.success) {
        deps.logError(`host: ${type} produced a reply outside the protocol`, checked.error);
        return { result: NativeResult.FAILED, message: 'The app could not complete this request' };
      }
      return { result: NativeResult.OK, payload: checked.data };
    } catch (error) {
      if (error instanceof HostError)
        return {
          result: error.result,
          message: error.message,
          ...(error.reason === undefined ? {} : { reason: error.reason }),
        };
      deps.logError(`host: ${type} failed`, error);
      return {
        result: NativeResult.FAILED,
        message: error instanceof Error && error.message ? error.message : 'Failed',
      };
    }
  }

  return {
    /** A message the web view posted (react-native-webview onMessage: data and the page's url). */
    async handleWebMessage(data: string, pageUrl: string | undefined): Promise<void> {
      if (!isTrustedPage(pageUrl, deps.webOrigin)) {
        deps.logError('host: ignored a message from a page outside the web app', pageUrl);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        deps.logError('host: ignored a message that is not JSON');
        return;
      }
      const event = nativeWebEvent.safeParse(json);
      if (event.success) {
        deps.onWebEvent(event.data.event);
        return;
      }
      const parsed = parseNativeRequest(json);
      if (!parsed.ok) {
        deps.logError(`host: refused a request (${parsed.error})`);
        if (parsed.id && parsed.type && (NATIVE_MESSAGE_TYPES as string[]).includes(parsed.type))
          send({
            v: NATIVE_PROTOCOL_VERSION,
            id: parsed.id,
            type: parsed.type as NativeMessageType,
            result: NativeResult.BAD_REQUEST,
            message: parsed.error,
          });
        return;
      }
      const { id, type, payload } = parsed.request;
      const outcome = await run(type, payload);
      send({ v: NATIVE_PROTOCOL_VERSION, id, type, ...outcome });
    },
  };
}

export type HostBridge = ReturnType<typeof createHostBridge>;
