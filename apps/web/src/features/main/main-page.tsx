import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import { BlockSpinner } from '../../shared/ui/spinner';
import { useLatestDramas } from './api/get-latest-dramas';
import { DramaGrid } from './components/drama-grid';
import { Section } from './components/section';
import styles from './main-page.module.css';

/** Main page: for now the list of all dramas; banner and slider rows join here later. */
export function MainPage() {
  const { t } = useTranslation();
  const latest = useLatestDramas();

  return (
    <div className={styles.page} data-testid="main-page">
      <Section title={t('main.all_dramas')}>
        {latest.isPending ? (
          <BlockSpinner />
        ) : latest.isError ? (
          <div className={styles.empty}>
            <p>{t('contents.msg_info_fail')}</p>
            <Button variant="secondary" onClick={() => void latest.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : latest.data.dramaList.length === 0 ? (
          <p className={styles.empty}>{t('common.no_data')}</p>
        ) : (
          <DramaGrid dramas={latest.data.dramaList} />
        )}
      </Section>
    </div>
  );
}
