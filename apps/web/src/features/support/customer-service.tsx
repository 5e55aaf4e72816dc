import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INQUIRY_MIN_LENGTH, isInquiryLongEnough } from '@snapdrama/rules';
import { api } from '../../shared/api/api';
import { errorMessage } from '../../shared/api/api-error';
import { afterLayerEntryReleased } from '../../shared/layers/layer-history';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { UnreadBadge } from '../../shared/support/unread-badge';
import { useUnreadAnswers } from '../../shared/support/unread-answers';
import { Button } from '../../shared/ui/button';
import styles from './customer-service.module.css';

const MAX_LENGTH = 4000;

/** POST /user/qna */
const sendInquiry = (cnts: string) => api.post<{ qnaId: string }>('/user/qna', { cnts });

/** The Q&A add popup (spec §2, §5): submit needs at least 20 characters. */
function CustomerServiceBody() {
  const { t } = useTranslation();
  const closePopup = useLayerStore((s) => s.closePopup);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const unreadAnswers = useUnreadAnswers();
  const send = useMutation({
    mutationFn: sendInquiry,
    onSuccess: () => {
      closePopup();
      layers.toast(t('customer_service_popup.msg_inquire_success'), 'success');
    },
    onError: (error) =>
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('customer_service_popup.msg_inquire_fail')),
      }),
  });
  const length = Array.from(text.trim()).length;

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (isInquiryLongEnough(text)) send.mutate(text);
      }}
    >
      <textarea
        className={styles.text}
        value={text}
        maxLength={MAX_LENGTH}
        rows={7}
        placeholder={t('customer_service_popup.placeholder')}
        aria-label={t('customer_service_popup.title')}
        onChange={(e) => setText(e.target.value)}
        data-testid="qna-text"
      />
      <p className={styles.counter} data-short={length < INQUIRY_MIN_LENGTH}>
        {t('customer_service_popup.counter', { n: length })}
      </p>
      <Button
        type="submit"
        block
        disabled={!isInquiryLongEnough(text) || send.isPending}
        data-testid="qna-submit"
      >
        {t('customer_service_popup.submit')}
      </Button>
      <a
        href="/support/inquiries"
        className={styles.myInquiries}
        onClick={(e) => {
          // close the popup, then leave once its history entry is given back
          e.preventDefault();
          closePopup();
          afterLayerEntryReleased(() => void navigate('/support/inquiries'));
        }}
        data-testid="qna-my-inquiries"
      >
        {t('customer_service_popup.my_inquiries')}
        <UnreadBadge count={unreadAnswers} testId="qna-unread-answers" />
      </a>
    </form>
  );
}

export function useOpenCustomerService() {
  const { t } = useTranslation();
  const openPopup = useLayerStore((s) => s.openPopup);
  return () =>
    openPopup({
      kind: 'qna',
      title: t('customer_service_popup.title'),
      content: <CustomerServiceBody />,
      width: 530,
    });
}
