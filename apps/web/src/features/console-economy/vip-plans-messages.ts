import { defineConsoleMessages } from '../../shared/console/console-i18n';

/** The VIP plans' prices on the economy page (issue 41 item 3, decision 1551). */
export const vipPlansMessages = defineConsoleMessages({
  en: {
    'vip.title': 'VIP pass prices',
    'vip.intro':
      'Web prices: won through Toss, dollars through Stripe and PayPal. A new price applies to checkouts opened from now on; passes already sold keep their price. The app stores set their own prices.',
    'vip.plan.vip_weekly': 'Weekly pass',
    'vip.plan.vip_monthly': 'Monthly pass',
    'vip.krw': 'Price in won',
    'vip.usd': 'Price in US dollars',
    'vip.since': 'In force since {{time}}',
    'vip.first': 'The first price',
    'vip.saved': 'Saved. New checkouts cost {{krw}} or {{usd}}.',
    'vip.unchanged': 'Nothing changed: this is the price in force.',
    'vip.bad': 'Enter whole won from 100 and dollars from 0.50.',
  },
  ko: {
    'vip.title': 'VIP 이용권 가격',
    'vip.intro':
      '웹 가격입니다. 토스는 원, Stripe와 PayPal은 달러로 결제합니다. 새 가격은 지금부터 여는 결제에 적용되고, 이미 판매된 이용권은 원래 가격을 유지합니다. 앱 스토어 가격은 각 스토어에서 정합니다.',
    'vip.plan.vip_weekly': '주간 이용권',
    'vip.plan.vip_monthly': '월간 이용권',
    'vip.krw': '원화 가격',
    'vip.usd': '미국 달러 가격',
    'vip.since': '{{time}}부터 적용',
    'vip.first': '처음 가격',
    'vip.saved': '저장했습니다. 새 결제는 {{krw}} 또는 {{usd}}입니다.',
    'vip.unchanged': '바뀐 것이 없습니다. 지금 적용 중인 가격입니다.',
    'vip.bad': '원화는 100원 이상 정수, 달러는 0.50 이상으로 입력하세요.',
  },
  ja: {
    'vip.title': 'VIPパスの価格',
    'vip.intro':
      'Web価格です。Tossはウォン、StripeとPayPalはドルで決済します。新しい価格はこれから開く決済に適用され、販売済みのパスは元の価格のままです。アプリストアの価格は各ストアで決めます。',
    'vip.plan.vip_weekly': '週間パス',
    'vip.plan.vip_monthly': '月間パス',
    'vip.krw': 'ウォン価格',
    'vip.usd': '米ドル価格',
    'vip.since': '{{time}}から適用',
    'vip.first': '最初の価格',
    'vip.saved': '保存しました。新しい決済は{{krw}}または{{usd}}です。',
    'vip.unchanged': '変更はありません。現在の価格です。',
    'vip.bad': 'ウォンは100以上の整数、ドルは0.50以上で入力してください。',
  },
});
