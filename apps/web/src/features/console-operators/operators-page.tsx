import { useState, type FormEvent } from 'react';
import {
  OPERATOR_ROLES,
  type OperatorLinkData,
  type OperatorListItem,
  type OperatorRole,
} from '@snapdrama/contract';
import { fieldErrors } from '../../shared/console/console-api';
import { useCodeText } from '../../shared/console/console-codes';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useOperator } from '../../shared/console/console-session';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { useOperatorMutations, useOperators } from './api/operators-api';
import { linkAddress } from './operator-links';
import { operatorsMessages } from './operators-messages';
import styles from './operators.module.css';

type Notice = { kind: 'success' | 'error'; text: string } | undefined;

/** A link the server just made: shown once, with a copy button. */
function MadeLink(props: { made: OperatorLinkData }) {
  const t = useConsoleText(operatorsMessages);
  const lang = useConsoleLanguage();
  const [copied, setCopied] = useState(false);
  const address = linkAddress(window.location.origin, props.made.link.path);
  const until = new Date(props.made.link.expiresAt).toLocaleString(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const vars = { email: props.made.operator.email, until };
  return (
    <div className={styles.made} role="status" data-testid="operator-link">
      <p className={styles.madeText}>
        {props.made.link.purpose === 'invite'
          ? t('operators.link_invite', vars)
          : t('operators.link_reset', vars)}{' '}
        {t('operators.link_send')}
      </p>
      <div className={styles.linkRow}>
        <input
          className={ui.input}
          readOnly
          aria-label={t('operators.link_label')}
          value={address}
          data-testid="operator-link-address"
          translate="no"
          onFocus={(e) => e.target.select()}
        />
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(address).then(() => setCopied(true));
          }}
        >
          {copied ? t('operators.copied') : t('operators.copy')}
        </Button>
      </div>
    </div>
  );
}

function InviteForm(props: { onMade: (made: OperatorLinkData) => void }) {
  const t = useConsoleText(operatorsMessages);
  const code = useCodeText();
  const { invite } = useOperatorMutations();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('editor');
  const [displayName, setDisplayName] = useState('');
  const errors = invite.isError ? fieldErrors(invite.error) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role, ...(displayName.trim() ? { displayName: displayName.trim() } : {}) },
      {
        onSuccess: (made) => {
          setEmail('');
          setDisplayName('');
          props.onMade(made);
        },
      },
    );
  };

  return (
    <Card title={t('operators.invite_title')}>
      <form className={styles.inviteForm} onSubmit={submit} noValidate>
        <Field label={t('operators.email')} error={errors.email}>
          <input
            className={ui.input}
            type="email"
            name="email"
            autoComplete="off"
            data-testid="invite-email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label={t('operators.role')} error={errors.role}>
          <select
            className={ui.input}
            name="role"
            data-testid="invite-role"
            value={role}
            onChange={(e) => setRole(e.target.value as OperatorRole)}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {code('role', r) ?? r}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('operators.display_name')}
          hint={t('operators.display_name_hint')}
          error={errors.displayName}
        >
          <input
            className={ui.input}
            name="displayName"
            autoComplete="off"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </Field>
        <div className={styles.submitRow}>
          <Button
            type="submit"
            variant="primary"
            data-testid="invite-submit"
            disabled={invite.isPending || !email.trim()}
          >
            {t('operators.invite')}
          </Button>
        </div>
      </form>
      {errors[''] && <Banner kind="error">{errors['']}</Banner>}
    </Card>
  );
}

/** One operator's controls: the role, disable (asked twice) or enable, a new link. */
function OperatorActions(props: {
  operator: OperatorListItem;
  self: boolean;
  onNotice: (notice: Notice) => void;
  onMade: (made: OperatorLinkData) => void;
}) {
  const t = useConsoleText(operatorsMessages);
  const common = useConsoleText(commonMessages);
  const code = useCodeText();
  const { change, link } = useOperatorMutations();
  const [confirming, setConfirming] = useState(false);
  const o = props.operator;
  const name = o.displayName;
  const failed = (error: unknown) =>
    props.onNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
  if (props.self) return <span className={ui.muted}>{t('operators.you')}</span>;

  const setRole = (role: OperatorRole) =>
    change.mutate(
      { operatorId: o.operatorId, body: { role } },
      {
        onSuccess: () =>
          props.onNotice({
            kind: 'success',
            text: t('operators.role_changed', { name, role: code('role', role) ?? role }),
          }),
        onError: failed,
      },
    );
  const setDisabled = (disabled: boolean) =>
    change.mutate(
      { operatorId: o.operatorId, body: { disabled } },
      {
        onSuccess: () => {
          setConfirming(false);
          props.onNotice({
            kind: 'success',
            text: t(disabled ? 'operators.disabled_done' : 'operators.enabled_done', { name }),
          });
        },
        onError: failed,
      },
    );

  return (
    <div className={styles.actions}>
      <select
        className={`${ui.input} ${styles.roleSelect}`}
        aria-label={t('operators.role_of', { name })}
        data-testid="operator-role"
        value={o.role}
        disabled={change.isPending}
        onChange={(e) => setRole(e.target.value as OperatorRole)}
      >
        {OPERATOR_ROLES.map((r) => (
          <option key={r} value={r}>
            {code('role', r) ?? r}
          </option>
        ))}
      </select>
      {o.status !== 'disabled' && (
        <Button
          data-testid="operator-link-button"
          disabled={link.isPending}
          onClick={() =>
            link.mutate(o.operatorId, {
              onSuccess: (made) => props.onMade(made),
              onError: failed,
            })
          }
        >
          {o.status === 'invited' ? t('operators.invite_link') : t('operators.reset_link')}
        </Button>
      )}
      {o.status === 'disabled' ? (
        <Button data-testid="operator-enable" onClick={() => setDisabled(false)}>
          {t('operators.enable')}
        </Button>
      ) : confirming ? null : (
        <Button variant="danger" data-testid="operator-disable" onClick={() => setConfirming(true)}>
          {t('operators.disable')}
        </Button>
      )}
      {confirming && (
        <div className={styles.confirm} role="group" aria-label={t('operators.disable')}>
          <p className={styles.confirmText}>{t('operators.confirm_disable', { name })}</p>
          <div className={styles.actions}>
            <Button
              variant="danger"
              data-testid="operator-disable-confirm"
              disabled={change.isPending}
              autoFocus
              onClick={() => setDisabled(true)}
            >
              {t('operators.confirm_yes', { name })}
            </Button>
            <Button onClick={() => setConfirming(false)}>{common('common.cancel')}</Button>
          </div>
        </div>
      )}
    </div>
  );
}

function StatusBadge(props: { status: OperatorListItem['status'] }) {
  const t = useConsoleText(operatorsMessages);
  return (
    <span className={`${styles.badge} ${styles[props.status]}`} data-testid="operator-status">
      {t(`operators.status_${props.status}`)}
    </span>
  );
}

/** Admins manage the console's operators (issue 41 item 1). */
export function OperatorsPage() {
  const t = useConsoleText(operatorsMessages);
  const common = useConsoleText(commonMessages);
  const code = useCodeText();
  const me = useOperator();
  const operators = useOperators();
  const [notice, setNotice] = useState<Notice>();
  const [made, setMade] = useState<OperatorLinkData>();
  const rows = operators.data?.operators ?? [];
  const onMade = (next: OperatorLinkData) => {
    setNotice(undefined);
    setMade(next);
  };
  const onNotice = (next: Notice) => {
    setMade(undefined);
    setNotice(next);
  };
  const actions = (o: OperatorListItem) => (
    <OperatorActions
      operator={o}
      self={o.operatorId === me.data?.operatorId}
      onNotice={onNotice}
      onMade={onMade}
    />
  );
  const twoStep = (o: OperatorListItem) => (o.totpEnabled ? t('operators.on') : t('operators.off'));

  return (
    <ConsolePage title={t('operators.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('operators.intro')}
      </p>
      <InviteForm onMade={onMade} />
      {made && <MadeLink key={made.link.path} made={made} />}
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      {operators.isError && <Banner kind="error">{operators.error.message}</Banner>}
      {operators.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {rows.length > 0 && (
        <>
          <div className={`${ui.tableWrap} ${styles.table}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('operators.col_name')}</th>
                  <th>{t('operators.email')}</th>
                  <th>{t('operators.role')}</th>
                  <th>{t('operators.col_status')}</th>
                  <th>{t('operators.col_two_step')}</th>
                  <th>{t('operators.col_actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.operatorId} data-testid="operator-row" data-email={o.email}>
                    <td translate="no">{o.displayName}</td>
                    <td translate="no">{o.email}</td>
                    <td>{code('role', o.role) ?? o.role}</td>
                    <td>
                      <StatusBadge status={o.status} />
                    </td>
                    <td>{twoStep(o)}</td>
                    <td>{actions(o)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={styles.cards}>
            {rows.map((o) => (
              <li
                key={o.operatorId}
                className={styles.card}
                data-testid="operator-card"
                data-email={o.email}
              >
                <div className={styles.cardHead}>
                  <strong translate="no">{o.displayName}</strong>
                  <StatusBadge status={o.status} />
                </div>
                <span className={ui.muted} translate="no">
                  {o.email}
                </span>
                <span>
                  {code('role', o.role) ?? o.role} · {t('operators.col_two_step')}: {twoStep(o)}
                </span>
                {actions(o)}
              </li>
            ))}
          </ul>
        </>
      )}
    </ConsolePage>
  );
}
