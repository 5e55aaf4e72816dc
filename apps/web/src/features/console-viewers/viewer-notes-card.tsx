import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ViewerDetailData } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { viewersMessages } from './viewers-messages';
import styles from './viewers.module.css';

/** Operators' internal notes on a viewer, newest first, with author and time; never shown to them. */
export function ViewerNotesCard(props: { userId: string; notes: ViewerDetailData['notes'] }) {
  const t = useConsoleText(viewersMessages);
  const lang = useConsoleLanguage();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => consoleApi.post<unknown>(`/viewers/${props.userId}/notes`, { text }),
    onSuccess: async () => {
      setText('');
      await queryClient.invalidateQueries({ queryKey: ['console', 'viewer', props.userId] });
    },
  });
  return (
    <Card title={t('notes.title')}>
      <p className={ui.muted} style={{ marginTop: 0 }}>
        {t('notes.hint')}
      </p>
      <form
        className={styles.coinForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate();
        }}
      >
        <Field label={t('notes.new')}>
          <textarea
            className={ui.input}
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="viewer-note-text"
          />
        </Field>
        <Button
          type="submit"
          variant="primary"
          disabled={!text.trim() || add.isPending}
          data-testid="viewer-note-add"
        >
          {t('notes.add')}
        </Button>
      </form>
      {add.isError && <Banner kind="error">{add.error.message}</Banner>}
      {props.notes.length === 0 ? (
        <p className={ui.muted}>{t('notes.empty')}</p>
      ) : (
        <ul className={styles.notes}>
          {props.notes.map((n) => (
            <li key={n.id} className={styles.note} data-testid="viewer-note">
              <p className={styles.noteText}>{n.text}</p>
              <span className={ui.muted}>
                {n.operatorEmail ?? t('notes.unknown_author')} ·{' '}
                {new Date(n.createdAt).toLocaleString(lang, {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
