import { useTranslation } from 'react-i18next';
import { useLayerStore } from '../../shared/layers/layer-store';
import { Button } from '../../shared/ui/button';

function CustomerServiceBody() {
  const { t } = useTranslation();
  const closePopup = useLayerStore((s) => s.closePopup);
  // The Q&A form (POST /user/qna) arrives with the support issue.
  return (
    <>
      <p style={{ margin: '0 0 var(--space-5)', color: 'var(--color-text-muted)' }}>
        {t('footer.copyright_3')}
      </p>
      <Button block onClick={closePopup}>
        {t('common.confirm')}
      </Button>
    </>
  );
}

export function useOpenCustomerService() {
  const { t } = useTranslation();
  const openPopup = useLayerStore((s) => s.openPopup);
  return () =>
    openPopup({
      kind: 'qna',
      title: t('menu.customer_service'),
      content: <CustomerServiceBody />,
      width: 530,
    });
}
