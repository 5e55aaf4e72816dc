import { useTranslation } from 'react-i18next';
import { NotFound } from '../shared/ui/not-found';

/** Shown when a page throws or its code fails to load: the rest of the shell keeps working. */
export function RouteError() {
  const { t } = useTranslation();
  return <NotFound message={t('contents.msg_fail')} />;
}
