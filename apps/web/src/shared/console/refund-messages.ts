import { defineConsoleMessages } from './console-i18n';

/** The refund dialog's words (the orders page and the viewer page open it). */
export const refundMessages = defineConsoleMessages({
  en: {
    'refund.title': 'Refund order {{order}}',
    'refund.what':
      '{{amount}} paid with {{gateway}} on {{time}}. The money goes back to the payment method; the purchased coins still unspent are taken back.',
    'refund.reason': 'Reason',
    'refund.reason.customer_request': 'The viewer asked for it',
    'refund.reason.duplicate': 'Charged twice',
    'refund.reason.not_delivered': 'Coins or pass not received',
    'refund.reason.service_issue': 'Service problem',
    'refund.reason.fraud': 'Suspected fraud',
    'refund.reason.other': 'Other (note required)',
    'refund.note': 'Note (kept with the refund and in the audit log)',
    'refund.note_required': 'Write a note of 2 characters or more for this reason.',
    'refund.confirm': 'Refund {{amount}}',
    'refund.sending': 'Refunding…',
  },
  ko: {
    'refund.title': '주문 {{order}} 환불',
    'refund.what':
      '{{time}}에 {{gateway}}(으)로 {{amount}} 결제했습니다. 결제 수단으로 환불되고, 아직 쓰지 않은 구매 코인은 회수됩니다.',
    'refund.reason': '사유',
    'refund.reason.customer_request': '시청자 요청',
    'refund.reason.duplicate': '중복 결제',
    'refund.reason.not_delivered': '코인 또는 이용권 미지급',
    'refund.reason.service_issue': '서비스 장애',
    'refund.reason.fraud': '부정 결제 의심',
    'refund.reason.other': '기타 (메모 필수)',
    'refund.note': '메모 (환불 기록과 감사 로그에 남습니다)',
    'refund.note_required': '이 사유에는 2자 이상 메모를 적어 주세요.',
    'refund.confirm': '{{amount}} 환불',
    'refund.sending': '환불 중…',
  },
  ja: {
    'refund.title': '注文 {{order}} の返金',
    'refund.what':
      '{{time}}に{{gateway}}で{{amount}}を支払いました。支払い方法に返金され、未使用の購入コインは回収されます。',
    'refund.reason': '理由',
    'refund.reason.customer_request': '視聴者の依頼',
    'refund.reason.duplicate': '二重請求',
    'refund.reason.not_delivered': 'コインまたはパスが届いていない',
    'refund.reason.service_issue': 'サービスの不具合',
    'refund.reason.fraud': '不正の疑い',
    'refund.reason.other': 'その他（メモ必須）',
    'refund.note': 'メモ（返金記録と監査ログに残ります）',
    'refund.note_required': 'この理由には2文字以上のメモを書いてください。',
    'refund.confirm': '{{amount}}を返金',
    'refund.sending': '返金中…',
  },
});
