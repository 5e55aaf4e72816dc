import { useState, type FormEvent } from 'react';
import type { RecoveryCodesData, TotpSetupData } from '@snapdrama/contract';
import { fieldErrors } from '../../shared/console/console-api';
import { useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { useAccountMutations, useSecurity } from './api/operators-api';
import { operatorsMessages } from './operators-messages';
import { TotpQr } from './totp-qr';
import styles from './operators.module.css';

function PasswordCard() {
  const t = useConsoleText(operatorsMessages);
  const { changePassword } = useAccountMutations();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const errors = changePassword.isError ? fieldErrors(changePassword.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
        },
      },
    );
  };
  return (
    <Card title={t('account.password_title')}>
      <form className={styles.section} onSubmit={submit} noValidate>
        <Field label={t('account.current_password')} error={errors.currentPassword}>
          <input
            className={ui.input}
            type="password"
            autoComplete="current-password"
            data-testid="account-current-password"
            value={currentPassword}
            onChange={(e) => {
              changePassword.reset();
              setCurrent(e.target.value);
            }}
          />
        </Field>
        <Field
          label={t('account.new_password')}
          hint={t('account.new_password_hint')}
          error={errors.newPassword}
        >
          <input
            className={ui.input}
            type="password"
            autoComplete="new-password"
            data-testid="account-new-password"
            value={newPassword}
            onChange={(e) => {
              changePassword.reset();
              setNew(e.target.value);
            }}
          />
        </Field>
        {errors[''] && <Banner kind="error">{errors['']}</Banner>}
        {changePassword.isSuccess && (
          <Banner kind="success">{t('account.password_changed')}</Banner>
        )}
        <div>
          <Button
            type="submit"
            variant="primary"
            data-testid="account-change-password"
            disabled={changePassword.isPending || !currentPassword || !newPassword}
          >
            {t('account.change_password')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Recovery codes, shown once; the card stays until the operator says they saved them. */
function RecoveryCodes(props: { codes: string[]; onDone: () => void }) {
  const t = useConsoleText(operatorsMessages);
  return (
    <div className={styles.section} data-testid="recovery-codes">
      <h3 style={{ margin: 0, fontSize: 15 }}>{t('account.codes_title')}</h3>
      <Banner kind="success">{t('account.codes_once')}</Banner>
      <ul className={styles.codes} translate="no">
        {props.codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div>
        <Button variant="primary" onClick={props.onDone} data-testid="recovery-codes-done">
          {t('account.codes_done')}
        </Button>
      </div>
    </div>
  );
}

function TotpSetup(props: { setup: TotpSetupData; onCodes: (data: RecoveryCodesData) => void }) {
  const t = useConsoleText(operatorsMessages);
  const { confirmTotp } = useAccountMutations();
  const [code, setCode] = useState('');
  const errors = confirmTotp.isError ? fieldErrors(confirmTotp.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirmTotp.mutate(code, { onSuccess: props.onCodes, onError: () => setCode('') });
  };
  return (
    <form className={styles.section} onSubmit={submit} noValidate>
      <p style={{ margin: 0 }}>{t('account.totp_scan')}</p>
      <TotpQr uri={props.setup.otpauthUri} label={t('account.totp_qr')} />
      <div>
        <span className={ui.label}>{t('account.totp_key')}</span>
        <div className={styles.secret} translate="no" data-testid="totp-secret">
          {props.setup.secret}
        </div>
      </div>
      <Field
        label={t('account.totp_code')}
        hint={t('account.totp_code_hint')}
        error={errors.totp ?? errors['']}
      >
        <input
          className={ui.input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-testid="totp-confirm-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      </Field>
      <div>
        <Button
          type="submit"
          variant="primary"
          data-testid="totp-confirm"
          disabled={confirmTotp.isPending || code.length !== 6}
        >
          {t('account.totp_confirm')}
        </Button>
      </div>
    </form>
  );
}

/** An action that asks for the password again (turn TOTP off, new recovery codes). */
function PasswordAction(props: {
  label: string;
  hint?: string;
  testId: string;
  busy: boolean;
  error?: string;
  onSubmit: (password: string) => void;
}) {
  const t = useConsoleText(operatorsMessages);
  const [password, setPassword] = useState('');
  return (
    <form
      className={styles.section}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(password);
        setPassword('');
      }}
      noValidate
    >
      <Field label={t('account.password_again')} hint={props.hint} error={props.error}>
        <input
          className={ui.input}
          type="password"
          autoComplete="current-password"
          data-testid={`${props.testId}-password`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" data-testid={props.testId} disabled={props.busy || !password}>
          {props.label}
        </Button>
      </div>
    </form>
  );
}

function TotpCard() {
  const t = useConsoleText(operatorsMessages);
  const common = useConsoleText(commonMessages);
  const security = useSecurity();
  const { startTotp, turnOffTotp, renewCodes } = useAccountMutations();
  const [setup, setSetup] = useState<TotpSetupData>();
  const [codes, setCodes] = useState<string[]>();
  const [notice, setNotice] = useState<string>();
  const errorOf = (error: unknown) =>
    error ? (fieldErrors(error)[''] ?? fieldErrors(error).currentPassword) : undefined;

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (security.isPending) {
    body = <p className={ui.muted}>{common('common.loading')}</p>;
  } else if (security.isError) {
    body = <Banner kind="error">{security.error.message}</Banner>;
  } else if (setup) {
    body = (
      <TotpSetup
        setup={setup}
        onCodes={(data) => {
          setSetup(undefined);
          setNotice(t('account.totp_turned_on'));
          setCodes(data.recoveryCodes);
        }}
      />
    );
  } else if (security.data.totpEnabled) {
    body = (
      <>
        <p style={{ margin: 0 }} data-testid="totp-state">
          {t('account.totp_is_on')}{' '}
          {t('account.codes_left', { n: security.data.recoveryCodesLeft })}
        </p>
        <PasswordAction
          label={t('account.renew_codes')}
          hint={t('account.renew_hint')}
          testId="renew-codes"
          busy={renewCodes.isPending}
          error={errorOf(renewCodes.error)}
          onSubmit={(password) =>
            renewCodes.mutate(password, { onSuccess: (data) => setCodes(data.recoveryCodes) })
          }
        />
        <PasswordAction
          label={t('account.turn_off')}
          testId="totp-off"
          busy={turnOffTotp.isPending}
          error={errorOf(turnOffTotp.error)}
          onSubmit={(password) =>
            turnOffTotp.mutate(password, {
              onSuccess: () => {
                setSetup(undefined);
                setNotice(t('account.totp_turned_off'));
              },
            })
          }
        />
      </>
    );
  } else {
    body = (
      <>
        <p style={{ margin: 0 }} data-testid="totp-state">
          {t('account.totp_is_off')}
        </p>
        {startTotp.isError && <Banner kind="error">{startTotp.error.message}</Banner>}
        <div>
          <Button
            variant="primary"
            data-testid="totp-start"
            disabled={startTotp.isPending}
            onClick={() =>
              startTotp.mutate(undefined, {
                onSuccess: (data) => {
                  setNotice(undefined);
                  setSetup(data);
                },
              })
            }
          >
            {t('account.totp_start')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <Card title={t('account.totp_title')}>
      <div className={styles.section}>
        {notice && !setup && <Banner kind="success">{notice}</Banner>}
        {body}
      </div>
    </Card>
  );
}

/** Every operator's own account: password, two-step sign-in, recovery codes (issue 41 item 1). */
export function AccountPage() {
  const t = useConsoleText(operatorsMessages);
  return (
    <ConsolePage title={t('account.title')}>
      <PasswordCard />
      <TotpCard />
    </ConsolePage>
  );
}
