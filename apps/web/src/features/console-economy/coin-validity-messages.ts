import { defineConsoleMessages } from '../../shared/console/console-i18n';

/** The coin validity section of the economy page (docs/payments.md "Coin validity per source"). */
export const coinValidityMessages = defineConsoleMessages({
  en: {
    'cv.title': 'Coin validity per source',
    'cv.intro':
      'How long new coins stay valid, by where they come from. Coins already granted keep their expiry date.',
    'cv.purchase': 'Purchased coins',
    'cv.bonus': 'Bonus coins',
    'cv.src.web': 'Web purchase',
    'cv.src.app_store': 'App Store purchase',
    'cv.src.google_play': 'Google Play purchase',
    'cv.src.purchase_bonus': 'Coin pack bonus',
    'cv.src.mission': 'Missions',
    'cv.src.attendance': 'Attendance',
    'cv.src.event': 'Events',
    'cv.src.advertisement': 'Rewarded ads',
    'cv.src.admin': 'Operator grants',
    'cv.src.invite': 'Invite rewards',
    'cv.days': 'Days valid',
    'cv.never': 'Never expires',
    'cv.range': 'Whole days from 1 to 3650',
    'cv.apple':
      "Apple's App Store Review Guideline 3.1.1 forbids purchased credits that expire: keep App Store purchases on “Never expires”.",
    'cv.admin_paid': 'An operator’s paid compensation follows web purchases.',
  },
  ko: {
    'cv.title': '출처별 코인 유효기간',
    'cv.intro':
      '새로 지급되는 코인이 출처별로 며칠 동안 유효한지 정합니다. 이미 지급된 코인은 만료일이 바뀌지 않습니다.',
    'cv.purchase': '구매 코인',
    'cv.bonus': '보너스 코인',
    'cv.src.web': '웹 결제',
    'cv.src.app_store': 'App Store 결제',
    'cv.src.google_play': 'Google Play 결제',
    'cv.src.purchase_bonus': '코인 상품 보너스',
    'cv.src.mission': '미션',
    'cv.src.attendance': '출석',
    'cv.src.event': '이벤트',
    'cv.src.advertisement': '보상형 광고',
    'cv.src.admin': '운영자 지급',
    'cv.src.invite': '친구 초대 보상',
    'cv.days': '유효 일수',
    'cv.never': '만료 없음',
    'cv.range': '1~3650 사이의 정수 일수',
    'cv.apple':
      'Apple App Store 심사 지침 3.1.1은 구매한 크레딧의 만료를 금지합니다. App Store 결제는 “만료 없음”으로 두세요.',
    'cv.admin_paid': '운영자의 유상 보상 코인은 웹 결제 설정을 따릅니다.',
  },
  ja: {
    'cv.title': '取得元ごとのコイン有効期限',
    'cv.intro':
      '新しく付与されるコインの有効日数を取得元ごとに決めます。付与済みのコインの有効期限は変わりません。',
    'cv.purchase': '購入コイン',
    'cv.bonus': 'ボーナスコイン',
    'cv.src.web': 'Web 購入',
    'cv.src.app_store': 'App Store 購入',
    'cv.src.google_play': 'Google Play 購入',
    'cv.src.purchase_bonus': 'コインパックのボーナス',
    'cv.src.mission': 'ミッション',
    'cv.src.attendance': '出席',
    'cv.src.event': 'イベント',
    'cv.src.advertisement': 'リワード広告',
    'cv.src.admin': '運営者による付与',
    'cv.src.invite': '友だち招待の報酬',
    'cv.days': '有効日数',
    'cv.never': '期限なし',
    'cv.range': '1〜3650 の整数（日）',
    'cv.apple':
      'Apple の App Store Review Guideline 3.1.1 は購入したクレジットの有効期限を禁止しています。App Store 購入は「期限なし」のままにしてください。',
    'cv.admin_paid': '運営者の有償補填は Web 購入の設定に従います。',
  },
});
