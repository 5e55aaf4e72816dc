import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INVITE_LIMITS,
  INVITE_QUALIFYING_EVENTS,
  type AdminInvite,
  type AdminInviteList,
  type InviteQualifyingEvent,
  type InviteSettings,
} from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { inviteMessages } from './invite-messages';
import styles from './economy-page.module.css';

const SETTINGS_KEY = ['console', 'invites', 'settings'] as const;
const HELD_KEY = ['console', 'invites', 'held'] as const;
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const digits = (v: string) => v.replace(/[^\d]/g, '');

function SettingsForm({ initial }: { initial: InviteSettings }) {
  const t = useConsoleText(inviteMessages);
  const common = useConsoleText(commonMessages);
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [inviter, setInviter] = useState(String(initial.inviterCoin));
  const [invitee, setInvitee] = useState(String(initial.inviteeCoin));
  const [cap, setCap] = useState(String(initial.dailyCap));
  const [hold, setHold] = useState(String(initial.holdThreshold));
  const [event, setEvent] = useState<InviteQualifyingEvent>(initial.qualifyingEvent);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (v: InviteSettings) => consoleApi.put<InviteSettings>('/invites/settings', v),
    onMutate: () => setSaved(false),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
  });
  const numberInput = (
    label: string,
    value: string,
    set: (v: string) => void,
    max: number,
    testId: string,
  ) => (
    <Field label={label}>
      <input
        className={ui.input}
        inputMode="numeric"
        maxLength={String(max).length}
        value={value}
        onChange={(e) => set(digits(e.target.value))}
        data-testid={testId}
      />
    </Field>
  );
  return (
    <form
      className={styles.grid2}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          enabled,
          inviterCoin: num(inviter),
          inviteeCoin: num(invitee),
          dailyCap: num(cap),
          holdThreshold: num(hold),
          qualifyingEvent: event,
        });
      }}
    >
      <label className={ui.field}>
        <span className={ui.label}>{t('inv.enabled')}</span>
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="inv-enabled"
        />
      </label>
      <Field label={t('inv.event')}>
        <select
          className={ui.input}
          value={event}
          onChange={(e) => setEvent(e.target.value as InviteQualifyingEvent)}
          data-testid="inv-event"
        >
          {INVITE_QUALIFYING_EVENTS.map((v) => (
            <option key={v} value={v}>
              {t(`inv.event.${v}`)}
            </option>
          ))}
        </select>
      </Field>
      {numberInput(t('inv.inviter'), inviter, setInviter, INVITE_LIMITS.coins, 'inv-inviter')}
      {numberInput(t('inv.invitee'), invitee, setInvitee, INVITE_LIMITS.coins, 'inv-invitee')}
      {numberInput(t('inv.cap'), cap, setCap, INVITE_LIMITS.dailyCap, 'inv-cap')}
      {numberInput(t('inv.hold'), hold, setHold, INVITE_LIMITS.holdThreshold, 'inv-hold')}
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('inv.cap_hint')}
      </p>
      <div>
        <Button type="submit" variant="primary" disabled={save.isPending} data-testid="inv-save">
          {save.isPending ? common('common.saving') : common('common.save')}
        </Button>
        {save.error && <Banner kind="error">{save.error.message}</Banner>}
        {saved && !save.error && <Banner kind="success">{common('common.saved')}</Banner>}
      </div>
    </form>
  );
}

function HeldRow({ invite }: { invite: AdminInvite }) {
  const t = useConsoleText(inviteMessages);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (verb: 'release' | 'reject') =>
      consoleApi.post<AdminInvite>(`/invites/${invite.id}/${verb}`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELD_KEY }),
  });
  return (
    <tr data-testid={`inv-held-${invite.id}`}>
      <td>{invite.inviterId}</td>
      <td>{invite.inviteeId}</td>
      <td>{invite.address ?? '-'}</td>
      <td>
        {invite.inviterCoin} / {invite.inviteeCoin}
      </td>
      <td>{new Date(invite.createdAt).toLocaleString()}</td>
      <td>
        <input
          className={ui.input}
          aria-label={t('inv.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button onClick={() => decide.mutate('release')} disabled={decide.isPending}>
          {t('inv.release')}
        </Button>
        <Button
          variant="danger"
          onClick={() => decide.mutate('reject')}
          disabled={decide.isPending}
        >
          {t('inv.reject')}
        </Button>
        {decide.error && <Banner kind="error">{decide.error.message}</Banner>}
      </td>
    </tr>
  );
}

/** Invite settings and the held rewards (issue 42): amounts, caps, event; release or reject. */
export function InviteSettingsCard() {
  const t = useConsoleText(inviteMessages);
  const common = useConsoleText(commonMessages);
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => consoleApi.get<InviteSettings>('/invites/settings'),
  });
  const held = useQuery({
    queryKey: HELD_KEY,
    queryFn: () => consoleApi.get<AdminInviteList>('/invites/held'),
  });
  return (
    <Card title={t('inv.title')}>
      {settings.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {settings.isError && <Banner kind="error">{settings.error.message}</Banner>}
      {settings.data && <SettingsForm initial={settings.data} />}
      <h3 style={{ margin: '16px 0 8px', fontSize: 15 }}>{t('inv.held')}</h3>
      {held.data && held.data.invites.length === 0 && (
        <p className={ui.muted}>{t('inv.held_none')}</p>
      )}
      {held.data && held.data.invites.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th>{t('inv.col_inviter')}</th>
                <th>{t('inv.col_invitee')}</th>
                <th>{t('inv.col_address')}</th>
                <th>{t('inv.col_coins')}</th>
                <th>{t('inv.col_at')}</th>
                <th>{t('inv.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {held.data.invites.map((i) => (
                <HeldRow key={i.id} invite={i} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
