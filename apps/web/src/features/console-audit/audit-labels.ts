import type { Language } from '@snapdrama/contract';

/**
 * What each recorded action and target type is called in the console's languages. The log keeps
 * the codes (they are what the server writes and filters by); an action missing here is shown as
 * its code, marked as such.
 */
export const AUDIT_ACTIONS: Record<string, Record<Language, string>> = {
  'ad_limits.update': { en: 'Ad limits changed', ko: '광고 한도 변경', ja: '広告の上限を変更' },
  'attendance.update': {
    en: 'Attendance coins changed',
    ko: '출석 코인 변경',
    ja: '出席コインを変更',
  },
  'category.create': { en: 'Category created', ko: '카테고리 생성', ja: 'カテゴリーを作成' },
  'category.order': {
    en: 'Categories reordered',
    ko: '카테고리 순서 변경',
    ja: 'カテゴリーの並べ替え',
  },
  'drama.create': { en: 'Drama created', ko: '드라마 생성', ja: 'ドラマを作成' },
  'drama.update': { en: 'Drama edited', ko: '드라마 수정', ja: 'ドラマを編集' },
  'drama.poster': { en: 'Poster uploaded', ko: '포스터 업로드', ja: 'ポスターをアップロード' },
  'drama.publish': { en: 'Drama published', ko: '드라마 공개', ja: 'ドラマを公開' },
  'drama.unpublish': { en: 'Drama unpublished', ko: '드라마 비공개', ja: 'ドラマを非公開' },
  'drama.schedule': { en: 'Publication scheduled', ko: '공개 예약', ja: '公開を予約' },
  'drama.schedule_cancel': {
    en: 'Scheduled publication cancelled',
    ko: '공개 예약 취소',
    ja: '公開予約を取消',
  },
  'drama.schedule_failed': {
    en: 'Scheduled publication not done',
    ko: '예약 공개 실패',
    ja: '予約公開の失敗',
  },
  'drama.archive': { en: 'Drama archived', ko: '드라마 보관', ja: 'ドラマをアーカイブ' },
  'drama.restore': { en: 'Drama restored', ko: '드라마 복원', ja: 'ドラマを復元' },
  'episode.reorder': {
    en: 'Episodes reordered',
    ko: '에피소드 순서 변경',
    ja: 'エピソードの並べ替え',
  },
  'economy.coin_validity': {
    en: 'Coin validity changed',
    ko: '코인 유효기간 변경',
    ja: 'コインの有効期限を変更',
  },
  'episode.create': { en: 'Episodes added', ko: '에피소드 추가', ja: 'エピソードを追加' },
  'episode.update': { en: 'Episode edited', ko: '에피소드 수정', ja: 'エピソードを編集' },
  'episode.subtitles': { en: 'Subtitles uploaded', ko: '자막 업로드', ja: '字幕をアップロード' },
  'episode.subtitles_remove': { en: 'Subtitles removed', ko: '자막 삭제', ja: '字幕を削除' },
  'episode.video_upload': { en: 'Video uploaded', ko: '영상 업로드', ja: '動画をアップロード' },
  'episode.video_ready': { en: 'Video ready', ko: '영상 준비 완료', ja: '動画の準備完了' },
  'episode.video_retry': {
    en: 'Video encoding retried',
    ko: '영상 인코딩 재시도',
    ja: '動画エンコードを再試行',
  },
  'episode.video_attached': { en: 'Video attached', ko: '영상 연결', ja: '動画を紐付け' },
  'goods.create': { en: 'Coin pack created', ko: '코인 상품 생성', ja: 'コインパックを作成' },
  'goods.update': { en: 'Coin pack edited', ko: '코인 상품 수정', ja: 'コインパックを編集' },
  'inquiry.answer': { en: 'Inquiry answered', ko: '문의 답변', ja: 'お問い合わせに回答' },
  'inquiry.close': { en: 'Inquiry closed', ko: '문의 종료', ja: 'お問い合わせを終了' },
  'mission.update': { en: 'Mission edited', ko: '미션 수정', ja: 'ミッションを編集' },
  'operator.create': { en: 'Operator created', ko: '운영자 생성', ja: 'オペレーターを作成' },
  'operator.update': { en: 'Operator edited', ko: '운영자 수정', ja: 'オペレーターを編集' },
  'operator.change_password': {
    en: 'Operator password changed',
    ko: '운영자 비밀번호 변경',
    ja: 'オペレーターのパスワードを変更',
  },
  'operator.sign_in': {
    en: 'Operator signed in',
    ko: '운영자 로그인',
    ja: 'オペレーターのログイン',
  },
  'operator.sign_in_failed': {
    en: 'Sign-in refused',
    ko: '로그인 실패',
    ja: 'ログイン失敗',
  },
  'operator.sign_out': {
    en: 'Operator signed out',
    ko: '운영자 로그아웃',
    ja: 'オペレーターのログアウト',
  },
  'operator.invite': { en: 'Operator invited', ko: '운영자 초대', ja: 'オペレーターを招待' },
  'operator.set_role': {
    en: 'Operator role changed',
    ko: '운영자 역할 변경',
    ja: 'オペレーターのロールを変更',
  },
  'operator.disable': {
    en: 'Operator disabled',
    ko: '운영자 사용 중지',
    ja: 'オペレーターを無効化',
  },
  'operator.enable': { en: 'Operator enabled', ko: '운영자 다시 사용', ja: 'オペレーターを有効化' },
  'operator.invite_link': {
    en: 'New invite link made',
    ko: '새 초대 링크 생성',
    ja: '新しい招待リンクを作成',
  },
  'operator.reset_link': {
    en: 'Password reset link made',
    ko: '비밀번호 재설정 링크 생성',
    ja: 'パスワード再設定リンクを作成',
  },
  'operator.accept_invite': { en: 'Invite accepted', ko: '초대 수락', ja: '招待を承認' },
  'operator.reset_password': {
    en: 'Password reset by link',
    ko: '링크로 비밀번호 재설정',
    ja: 'リンクでパスワードを再設定',
  },
  'operator.totp_on': {
    en: 'Two-step sign-in turned on',
    ko: '2단계 인증 켬',
    ja: '2段階認証をオン',
  },
  'operator.totp_off': {
    en: 'Two-step sign-in turned off',
    ko: '2단계 인증 끔',
    ja: '2段階認証をオフ',
  },
  'operator.recovery_codes_renewed': {
    en: 'New recovery codes made',
    ko: '새 복구 코드 생성',
    ja: '新しいリカバリーコードを作成',
  },
  'operator.recovery_code_used': {
    en: 'Signed in with a recovery code',
    ko: '복구 코드로 로그인',
    ja: 'リカバリーコードでログイン',
  },
  'order.refund': { en: 'Order refunded', ko: '주문 환불', ja: '注文を返金' },
  'invite.reward': { en: 'Invite rewarded', ko: '초대 보상 지급', ja: '招待報酬を付与' },
  'invite.hold': { en: 'Invite reward held', ko: '초대 보상 보류', ja: '招待報酬を保留' },
  'invite.release': {
    en: 'Held invite reward released',
    ko: '보류된 초대 보상 지급',
    ja: '保留中の招待報酬を付与',
  },
  'invite.reject': {
    en: 'Held invite reward rejected',
    ko: '보류된 초대 보상 거절',
    ja: '保留中の招待報酬を却下',
  },
  'invite.refuse': { en: 'Invite refused', ko: '초대 제외', ja: '招待を対象外に' },
  'invite.settings': {
    en: 'Invite settings changed',
    ko: '친구 초대 설정 변경',
    ja: '友だち招待の設定を変更',
  },
  'wallet.grant': { en: 'Coins granted', ko: '코인 지급', ja: 'コインを付与' },
  'wallet.revoke': { en: 'Coins taken back', ko: '코인 회수', ja: 'コインを回収' },
};

export const AUDIT_TARGET_TYPES: Record<string, Record<Language, string>> = {
  attendance: { en: 'Attendance', ko: '출석', ja: '出席' },
  category: { en: 'Category', ko: '카테고리', ja: 'カテゴリー' },
  drama: { en: 'Drama', ko: '드라마', ja: 'ドラマ' },
  economy: { en: 'Economy', ko: '경제', ja: 'エコノミー' },
  episode: { en: 'Episode', ko: '에피소드', ja: 'エピソード' },
  goods: { en: 'Coin pack', ko: '코인 상품', ja: 'コインパック' },
  invite: { en: 'Invite', ko: '친구 초대', ja: '友だち招待' },
  invite_settings: { en: 'Invite settings', ko: '친구 초대 설정', ja: '友だち招待の設定' },
  inquiry: { en: 'Inquiry', ko: '문의', ja: 'お問い合わせ' },
  mission: { en: 'Mission', ko: '미션', ja: 'ミッション' },
  operator: { en: 'Operator', ko: '운영자', ja: 'オペレーター' },
  operator_email: { en: 'Unknown e-mail', ko: '없는 이메일', ja: '未登録のメール' },
  order: { en: 'Order', ko: '주문', ja: '注文' },
  user: { en: 'Viewer', ko: '시청자', ja: '視聴者' },
};

/** Why a console sign-in was refused (`after.reason` of operator.sign_in_failed, decision 1570). */
export const SIGN_IN_FAILURE_LABELS: Record<string, Record<Language, string>> = {
  unknown_email: { en: 'No operator has this e-mail', ko: '없는 이메일', ja: '未登録のメール' },
  password: { en: 'Wrong password', ko: '비밀번호 틀림', ja: 'パスワードの誤り' },
  disabled: { en: 'Account disabled', ko: '사용 중지된 계정', ja: '無効なアカウント' },
  totp: {
    en: 'Wrong or used code',
    ko: '틀리거나 이미 쓴 인증 코드',
    ja: '誤りまたは使用済みのコード',
  },
  recovery_code: {
    en: 'Wrong or used recovery code',
    ko: '틀리거나 이미 쓴 복구 코드',
    ja: '誤りまたは使用済みのリカバリーコード',
  },
};

/** Who acted when no operator did (decision 1570). */
export const AUDIT_ACTOR_LABELS: Record<
  'cli' | 'worker' | 'system' | 'anonymous',
  Record<Language, string>
> = {
  cli: { en: 'Operator CLI', ko: '운영자 CLI', ja: 'オペレーターCLI' },
  worker: { en: 'Transcode worker', ko: '인코딩 워커', ja: 'エンコードワーカー' },
  system: { en: 'Server (automatic)', ko: '서버 (자동)', ja: 'サーバー（自動）' },
  anonymous: { en: 'Not signed in', ko: '로그인 전', ja: '未ログイン' },
};

/**
 * Families of actions for the filter: a prefix of the action codes. Sign-ins and sign-outs are a
 * family of their own (operator.sign_in, operator.sign_in_failed, operator.sign_out).
 */
export const AUDIT_FAMILIES: Record<string, Record<Language, string>> = {
  'operator.sign_': {
    en: 'Sign-ins and sign-outs',
    ko: '로그인과 로그아웃',
    ja: 'ログインとログアウト',
  },
  'operator.': { en: 'Operators', ko: '운영자', ja: 'オペレーター' },
  'drama.': { en: 'Dramas', ko: '드라마', ja: 'ドラマ' },
  'episode.': { en: 'Episodes', ko: '에피소드', ja: 'エピソード' },
  'category.': { en: 'Categories', ko: '카테고리', ja: 'カテゴリー' },
  'wallet.': { en: 'Coins of viewers', ko: '시청자 코인', ja: '視聴者のコイン' },
  'order.': { en: 'Orders', ko: '주문', ja: '注文' },
  'goods.': { en: 'Coin packs', ko: '코인 상품', ja: 'コインパック' },
  'mission.': { en: 'Missions', ko: '미션', ja: 'ミッション' },
  'attendance.': { en: 'Attendance', ko: '출석', ja: '出席' },
  'economy.': { en: 'Economy', ko: '경제', ja: 'エコノミー' },
  'ad_limits.': { en: 'Ad limits', ko: '광고 한도', ja: '広告の上限' },
  'inquiry.': { en: 'Inquiries', ko: '문의', ja: 'お問い合わせ' },
  'invite.': { en: 'Invites', ko: '친구 초대', ja: '友だち招待' },
};
