import { defineConsoleMessages, useConsoleText } from './console-i18n';

/**
 * What the codes the server keeps are called on console pages: content warnings, operator roles,
 * order states, age ratings and mission periods. Several pages show them (the forms that set them,
 * the viewer page, the audit log), so they live here once.
 */
export const codeMessages = defineConsoleMessages({
  en: {
    'warning.language': 'Language',
    'warning.violence': 'Violence',
    'warning.fear': 'Fear',
    'warning.sexual': 'Sexual content',
    'warning.drug': 'Drugs',
    'warning.imitation': 'Imitable acts',
    'warning.theme': 'Theme',
    'role.admin': 'Admin',
    'role.editor': 'Editor',
    'role.support': 'Support',
    'order_state.registered': 'Registered',
    'order_state.paid': 'Paid',
    'order_state.credited': 'Paid, coins added',
    'order_state.failed': 'Failed',
    'order_state.canceled': 'Canceled',
    'order_state.refunded': 'Refunded',
    'age.all': 'All ages',
    'age.years': '{{n}}+',
    'period.D': 'Daily',
    'period.O': 'Once',
  },
  ko: {
    'warning.language': '언어',
    'warning.violence': '폭력성',
    'warning.fear': '공포',
    'warning.sexual': '선정성',
    'warning.drug': '약물',
    'warning.imitation': '모방 위험',
    'warning.theme': '주제',
    'role.admin': '관리자',
    'role.editor': '편집자',
    'role.support': '고객지원',
    'order_state.registered': '결제 대기',
    'order_state.paid': '결제 완료',
    'order_state.credited': '결제 완료, 코인 지급',
    'order_state.failed': '결제 실패',
    'order_state.canceled': '결제 취소',
    'order_state.refunded': '환불',
    'age.all': '전체 관람가',
    'age.years': '{{n}}세 이상',
    'period.D': '매일',
    'period.O': '한 번',
  },
  ja: {
    'warning.language': '言語',
    'warning.violence': '暴力',
    'warning.fear': '恐怖',
    'warning.sexual': '性的表現',
    'warning.drug': '薬物',
    'warning.imitation': '模倣の危険',
    'warning.theme': 'テーマ',
    'role.admin': '管理者',
    'role.editor': '編集者',
    'role.support': 'サポート',
    'order_state.registered': '支払い待ち',
    'order_state.paid': '支払い済み',
    'order_state.credited': '支払い済み・コイン付与',
    'order_state.failed': '支払い失敗',
    'order_state.canceled': 'キャンセル',
    'order_state.refunded': '返金済み',
    'age.all': '全年齢',
    'age.years': '{{n}}歳以上',
    'period.D': '毎日',
    'period.O': '一度',
  },
});

type CodeKey = keyof (typeof codeMessages)['en'];
export type CodeKind = 'warning' | 'role' | 'order_state' | 'period';

/** The payment gateways' names (brands: the same in every language). */
export const GATEWAY_NAMES: Record<string, string> = {
  T: 'Toss',
  S: 'Stripe',
  P: 'PayPal',
  G: 'Google Play',
  A: 'Apple',
};

const isCodeKey = (key: string): key is CodeKey => key in codeMessages.en;

/**
 * `const code = useCodeText(); code('warning', 'violence')`: the code's name in the console's
 * language, or undefined for a code this console does not know (shown as recorded).
 */
export function useCodeText() {
  const t = useConsoleText(codeMessages);
  return (kind: CodeKind, code: string): string | undefined => {
    const key = `${kind}.${code}`;
    return isCodeKey(key) ? t(key) : undefined;
  };
}

/** An age rating ("all", "15") in the console's language. */
export function useAgeRateText() {
  const t = useConsoleText(codeMessages);
  return (rate: string) =>
    rate === 'all' ? t('age.all') : /^\d+$/.test(rate) ? t('age.years', { n: rate }) : rate;
}
