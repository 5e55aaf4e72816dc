import { sharePaths, type ShareConfigData } from '@snapdrama/contract';
import { api } from '../api/api';

/** The Kakao JavaScript SDK, loaded only when a share to Kakao is asked for and a key exists. */
const KAKAO_SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

interface KakaoSdk {
  isInitialized(): boolean;
  init(appKey: string): void;
  Share: {
    sendDefault(message: {
      objectType: 'feed';
      content: {
        title: string;
        description?: string;
        imageUrl: string;
        link: { mobileWebUrl: string; webUrl: string };
      };
    }): void;
  };
}

declare global {
  interface Window {
    Kakao?: KakaoSdk;
  }
}

let appKey: Promise<string | null> | undefined;

/** The server's Kakao app key (KAKAO_JS_KEY), asked once; null means the local stand-in. */
function kakaoAppKey(): Promise<string | null> {
  appKey ??= api.get<ShareConfigData>(sharePaths.config()).then(
    (config) => config.kakaoJsKey,
    () => {
      appKey = undefined;
      return null;
    },
  );
  return appKey;
}

let loading: Promise<KakaoSdk> | undefined;

function loadKakao(appKey: string): Promise<KakaoSdk> {
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = KAKAO_SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      const sdk = window.Kakao;
      if (!sdk) {
        reject(new Error('Kakao SDK did not load'));
        return;
      }
      if (!sdk.isInitialized()) sdk.init(appKey);
      resolve(sdk);
    };
    script.onerror = () => reject(new Error('Kakao SDK did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Shares a feed card through KakaoTalk; false when no key is configured (the caller stands in). */
export async function shareToKakao(card: {
  title: string;
  description: string;
  imageUrl: string;
  link: string;
}): Promise<boolean> {
  const key = await kakaoAppKey();
  if (!key) return false;
  const sdk = await loadKakao(key);
  sdk.Share.sendDefault({
    objectType: 'feed',
    content: {
      title: card.title,
      description: card.description,
      imageUrl: card.imageUrl,
      link: { mobileWebUrl: card.link, webUrl: card.link },
    },
  });
  return true;
}
