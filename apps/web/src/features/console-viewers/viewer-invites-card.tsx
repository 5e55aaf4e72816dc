import { useQuery } from '@tanstack/react-query';
import type { AdminInviteList } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import {
  defineConsoleMessages,
  useConsoleLanguage,
  useConsoleText,
} from '../../shared/console/console-i18n';
import { Banner, Card, ui } from '../../shared/console/console-ui';

const messages = defineConsoleMessages({
  en: {
    'vinv.title': 'Invites',
    'vinv.empty': 'No invites.',
    'vinv.role': 'Role',
    'vinv.inviter': 'Invited a friend',
    'vinv.invitee': 'Was invited',
    'vinv.other': 'Other member',
    'vinv.state': 'State',
    'vinv.coins': 'Coins (inviter / friend)',
    'vinv.at': 'Signed up',
    'vinv.state.pending': 'Waiting for the event',
    'vinv.state.rewarded': 'Rewarded',
    'vinv.state.held': 'Held',
    'vinv.state.rejected': 'Rejected',
    'vinv.state.refused': 'Refused',
    'vinv.capped': 'daily cap reached',
  },
  ko: {
    'vinv.title': '친구 초대',
    'vinv.empty': '초대 내역이 없습니다.',
    'vinv.role': '구분',
    'vinv.inviter': '친구를 초대함',
    'vinv.invitee': '초대받음',
    'vinv.other': '상대 회원',
    'vinv.state': '상태',
    'vinv.coins': '코인(초대한 회원 / 친구)',
    'vinv.at': '가입 시각',
    'vinv.state.pending': '조건 대기',
    'vinv.state.rewarded': '지급됨',
    'vinv.state.held': '보류',
    'vinv.state.rejected': '거절됨',
    'vinv.state.refused': '제외됨',
    'vinv.capped': '하루 한도 도달',
  },
  ja: {
    'vinv.title': '友だち招待',
    'vinv.empty': '招待はありません。',
    'vinv.role': '区分',
    'vinv.inviter': '友だちを招待',
    'vinv.invitee': '招待された',
    'vinv.other': '相手の会員',
    'vinv.state': '状態',
    'vinv.coins': 'コイン（招待した会員 / 友だち）',
    'vinv.at': '登録日時',
    'vinv.state.pending': '条件待ち',
    'vinv.state.rewarded': '付与済み',
    'vinv.state.held': '保留',
    'vinv.state.rejected': '却下',
    'vinv.state.refused': '対象外',
    'vinv.capped': '1 日の上限に到達',
  },
});

/** A member's invites on the console's viewer page: as inviter and as the invited friend. */
export function ViewerInvitesCard({ userId }: { userId: string }) {
  const t = useConsoleText(messages);
  const lang = useConsoleLanguage();
  const list = useQuery({
    queryKey: ['console', 'viewer', userId, 'invites'],
    queryFn: () => consoleApi.get<AdminInviteList>(`/viewers/${userId}/invites`),
  });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Card title={t('vinv.title')}>
      {list.isError && <Banner kind="error">{list.error.message}</Banner>}
      {list.data && list.data.invites.length === 0 && <p className={ui.muted}>{t('vinv.empty')}</p>}
      {list.data && list.data.invites.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table} data-testid="viewer-invites">
            <thead>
              <tr>
                <th>{t('vinv.role')}</th>
                <th>{t('vinv.other')}</th>
                <th>{t('vinv.state')}</th>
                <th>{t('vinv.coins')}</th>
                <th>{t('vinv.at')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.invites.map((i) => {
                const inviter = i.inviterId === userId;
                return (
                  <tr key={i.id}>
                    <td>{inviter ? t('vinv.inviter') : t('vinv.invitee')}</td>
                    <td>{inviter ? i.inviteeId : i.inviterId}</td>
                    <td>
                      {t(`vinv.state.${i.state}`)}
                      {i.inviterCapped ? ` (${t('vinv.capped')})` : ''}
                    </td>
                    <td>
                      {i.inviterCoin} / {i.inviteeCoin}
                    </td>
                    <td>{when(i.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
