import type { Language } from '@snapdrama/contract';

type Labels = Record<Language, string>;

/**
 * What the fields of the recorded before/after snapshots are called in the console's languages.
 * The log keeps the server's field names; one missing here is shown as its name, marked as such.
 */
export const AUDIT_FIELDS: Record<string, Labels> = {
  // dramas
  title: { en: 'Title', ko: '제목', ja: 'タイトル' },
  description: { en: 'Description', ko: '설명', ja: '説明' },
  categoryIds: { en: 'Categories', ko: '카테고리', ja: 'カテゴリー' },
  ageRate: { en: 'Age rating', ko: '관람 등급', ja: '年齢区分' },
  warnings: { en: 'Content warnings', ko: '내용 정보', ja: 'コンテンツ警告' },
  exclusive: { en: 'Exclusive', ko: '독점', ja: '独占' },
  webTag: { en: 'Web ad tag', ko: '웹 광고 태그', ja: 'Web広告タグ' },
  aosTag: { en: 'Android ad tag', ko: 'Android 광고 태그', ja: 'Android広告タグ' },
  iosTag: { en: 'iOS ad tag', ko: 'iOS 광고 태그', ja: 'iOS広告タグ' },
  registeredAt: { en: 'Release time', ko: '공개 시각', ja: '公開日時' },
  published: { en: 'Published', ko: '공개', ja: '公開' },
  posterVertical: { en: 'Vertical poster', ko: '세로 포스터', ja: '縦ポスター' },
  posterHorizontal: { en: 'Horizontal poster', ko: '가로 포스터', ja: '横ポスター' },
  vertical: { en: 'Vertical poster', ko: '세로 포스터', ja: '縦ポスター' },
  horizontal: { en: 'Horizontal poster', ko: '가로 포스터', ja: '横ポスター' },
  // episodes, subtitles, videos
  episodes: { en: 'Episodes', ko: '에피소드 수', ja: 'エピソード数' },
  added: { en: 'Added', ko: '추가', ja: '追加' },
  coin: { en: 'Coins', ko: '코인', ja: 'コイン' },
  free: { en: 'Free', ko: '무료', ja: '無料' },
  lang: { en: 'Language', ko: '언어', ja: '言語' },
  cues: { en: 'Subtitle lines', ko: '자막 줄 수', ja: '字幕の行数' },
  languages: { en: 'Languages', ko: '언어', ja: '言語' },
  mediaPrefix: { en: 'Video folder', ko: '영상 폴더', ja: '動画フォルダ' },
  durationSeconds: { en: 'Length (seconds)', ko: '길이 (초)', ja: '長さ (秒)' },
  // categories
  name: { en: 'Name', ko: '이름', ja: '名前' },
  ids: { en: 'Order', ko: '순서', ja: '順序' },
  // viewers and orders
  balances: { en: 'Balances', ko: '잔액', ja: '残高' },
  paid: { en: 'Paid coins', ko: '유료 코인', ja: '有料コイン' },
  bonus: { en: 'Bonus coins', ko: '보너스 코인', ja: 'ボーナスコイン' },
  amount: { en: 'Amount', ko: '수량', ja: '数量' },
  reason: { en: 'Reason', ko: '사유', ja: '理由' },
  lotId: { en: 'Coin lot', ko: '코인 묶음', ja: 'コインのロット' },
  revocationId: { en: 'Take-back', ko: '회수 번호', ja: '回収番号' },
  state: { en: 'State', ko: '상태', ja: '状態' },
  refundedCoins: { en: 'Coins taken back', ko: '회수한 코인', ja: '回収したコイン' },
  userId: { en: 'Viewer', ko: '시청자', ja: '視聴者' },
  // operators
  email: { en: 'E-mail', ko: '이메일', ja: 'メールアドレス' },
  displayName: { en: 'Display name', ko: '표시 이름', ja: '表示名' },
  role: { en: 'Role', ko: '역할', ja: '役割' },
  totpEnabled: { en: 'Two-step sign-in', ko: '2단계 인증', ja: '2段階認証' },
  disabled: { en: 'Disabled', ko: '사용 중지', ja: '無効' },
  // coin packs
  godsCode: { en: 'Pack code', ko: '상품 코드', ja: '商品コード' },
  paidCoin: { en: 'Coins', ko: '코인', ja: 'コイン' },
  bonusCoin: { en: 'Bonus coins', ko: '보너스 코인', ja: 'ボーナスコイン' },
  firstBonusCoin: {
    en: 'First-purchase bonus',
    ko: '첫 구매 보너스',
    ja: '初回購入ボーナス',
  },
  krw: { en: 'Price (won)', ko: '가격 (원)', ja: '価格 (ウォン)' },
  usdCents: { en: 'Price (US cents)', ko: '가격 (미국 센트)', ja: '価格 (米セント)' },
  iapGoogle: { en: 'Google Play product', ko: 'Google Play 상품', ja: 'Google Play 商品' },
  iapApple: { en: 'App Store product', ko: 'App Store 상품', ja: 'App Store 商品' },
  iapPriceCents: {
    en: 'Store price (cents)',
    ko: '스토어 가격 (센트)',
    ja: 'ストア価格 (セント)',
  },
  sortOrder: { en: 'Position', ko: '순서', ja: '並び順' },
  active: { en: 'Active', ko: '사용', ja: '有効' },
  // missions, attendance, ads
  id: { en: 'Code', ko: '코드', ja: 'コード' },
  nameKey: { en: 'Name key', ko: '이름 키', ja: '名前キー' },
  reward: { en: 'Reward', ko: '보상', ja: '報酬' },
  condition: { en: 'Condition', ko: '조건', ja: '条件' },
  rewardCount: { en: 'Rewards', ko: '보상 횟수', ja: '報酬回数' },
  period: { en: 'Period', ko: '주기', ja: '期間' },
  coins: { en: 'Coins', ko: '코인', ja: 'コイン' },
  cooldownSeconds: { en: 'Wait between ads (s)', ko: '광고 간격 (초)', ja: '広告の間隔 (秒)' },
  dailyCap: { en: 'Ads a day', ko: '하루 광고 수', ja: '1日の広告数' },
  // coin validity
  purchase: { en: 'Bought coins', ko: '구매 코인', ja: '購入コイン' },
  web: { en: 'Web', ko: '웹', ja: 'ウェブ' },
  app_store: { en: 'App Store', ko: 'App Store', ja: 'App Store' },
  google_play: { en: 'Google Play', ko: 'Google Play', ja: 'Google Play' },
  purchase_bonus: { en: 'Purchase bonus', ko: '구매 보너스', ja: '購入ボーナス' },
  mission: { en: 'Missions', ko: '미션', ja: 'ミッション' },
  attendance: { en: 'Attendance', ko: '출석', ja: '出席' },
  event: { en: 'Events', ko: '이벤트', ja: 'イベント' },
  advertisement: { en: 'Ads', ko: '광고', ja: '広告' },
  admin: { en: 'Operator grants', ko: '운영자 지급', ja: '運営の付与' },
  invite: { en: 'Invites', ko: '친구 초대', ja: '友だち招待' },
  // invites (decision 1510)
  inviterCoin: { en: 'Inviter coins', ko: '초대한 회원 코인', ja: '招待した会員のコイン' },
  inviteeCoin: { en: 'Friend coins', ko: '친구 코인', ja: '友だちのコイン' },
  inviterCapped: { en: 'Daily cap reached', ko: '하루 한도 도달', ja: '1日の上限に到達' },
  holdThreshold: { en: 'Hold threshold', ko: '보류 기준', ja: '保留の基準' },
  qualifyingEvent: { en: 'Qualifying event', ko: '보상 조건', ja: '報酬の条件' },
  refusal: { en: 'Refusal', ko: '제외 사유', ja: '対象外の理由' },
  // a localized text's languages
  ko: { en: 'Korean', ko: '한국어', ja: '韓国語' },
  en: { en: 'English', ko: '영어', ja: '英語' },
  ja: { en: 'Japanese', ko: '일본어', ja: '日本語' },
};
