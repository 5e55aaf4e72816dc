import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { requestLogin } from './login-request';

/** What a members' page shows a guest (spec §6): why, and the button that opens sign-in. */
export function SignInPrompt(props: {
  className?: string;
  icon?: ReactNode;
  testId?: string;
  loginTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={props.className} data-testid={props.testId}>
      {props.icon}
      <p>{t('profile.guest_prompt')}</p>
      <Button onClick={requestLogin} data-testid={props.loginTestId}>
        {t('profile.login')}
      </Button>
    </div>
  );
}
