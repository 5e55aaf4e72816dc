import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CannedReply } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { inquiriesMessages } from './inquiries-messages';
import styles from './inquiries-page.module.css';

const LANGS = ['ko', 'en', 'ja'] as const;
type Lang = (typeof LANGS)[number];
type Draft = { lang: Lang; title: string; body: string };

export const cannedRepliesQuery = {
  queryKey: ['console', 'canned-replies'],
  queryFn: async () =>
    (await consoleApi.get<{ replies: CannedReply[] }>('/canned-replies')).replies,
  staleTime: 30_000,
};

function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function ReplyForm(props: {
  initial: Draft;
  submitLabel: string;
  pending: boolean;
  onSubmit: (draft: Draft) => void;
  onCancel?: () => void;
  testId: string;
}) {
  const t = useConsoleText(inquiriesMessages);
  const lang = useConsoleLanguage();
  const [draft, setDraft] = useState<Draft>(props.initial);
  const valid = draft.title.trim() !== '' && draft.body.trim() !== '';
  return (
    <form
      className={styles.form}
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) props.onSubmit(draft);
      }}
    >
      <div className={styles.filters}>
        <Field label={t('canned.lang')}>
          <select
            className={ui.input}
            value={draft.lang}
            onChange={(e) => setDraft({ ...draft, lang: e.target.value as Lang })}
            data-testid="canned-lang"
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {languageName(l, lang)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('canned.name')}>
          <input
            className={ui.input}
            maxLength={100}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            data-testid="canned-title"
          />
        </Field>
      </div>
      <Field label={t('canned.body')}>
        <textarea
          className={ui.input}
          rows={4}
          maxLength={4000}
          value={draft.body}
          onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          data-testid="canned-body"
        />
      </Field>
      <div className={styles.buttons}>
        <Button
          type="submit"
          variant="primary"
          disabled={!valid || props.pending}
          data-testid="canned-submit"
        >
          {props.submitLabel}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>{t('canned.cancel')}</Button>}
      </div>
    </form>
  );
}

/** Operators keep the saved replies here: add, change, delete, per language. */
export function CannedRepliesPanel() {
  const t = useConsoleText(inquiriesMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const queryClient = useQueryClient();
  const replies = useQuery(cannedRepliesQuery);
  const [editing, setEditing] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: cannedRepliesQuery.queryKey });
  const create = useMutation({
    mutationFn: (d: Draft) => consoleApi.post<CannedReply>('/canned-replies', d),
    onMutate: () => setNotice(undefined),
    onSuccess: async (r) => {
      setNotice(t('canned.created', { title: r.title }));
      setFormKey((k) => k + 1);
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: (input: { id: string; draft: Draft }) =>
      consoleApi.put<CannedReply>(`/canned-replies/${input.id}`, input.draft),
    onMutate: () => setNotice(undefined),
    onSuccess: async (r) => {
      setNotice(t('canned.updated', { title: r.title }));
      setEditing(undefined);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (r: CannedReply) => consoleApi.delete<unknown>(`/canned-replies/${r.id}`),
    onMutate: () => setNotice(undefined),
    onSuccess: async (_done, r) => {
      setConfirming(undefined);
      setNotice(t('canned.deleted', { title: r.title }));
      await refresh();
    },
  });
  const error = create.error ?? update.error ?? remove.error;

  return (
    <div className={styles.list}>
      <p className={ui.muted}>{t('canned.intro')}</p>
      {notice && <Banner kind="success">{notice}</Banner>}
      {error && <Banner kind="error">{error.message}</Banner>}
      <Card title={t('canned.add')}>
        <ReplyForm
          key={formKey}
          initial={{ lang, title: '', body: '' }}
          submitLabel={t('canned.add')}
          pending={create.isPending}
          onSubmit={(d) => create.mutate(d)}
          testId="canned-new"
        />
      </Card>
      {replies.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {replies.isSuccess && replies.data.length === 0 && (
        <p className={ui.muted}>{t('canned.empty')}</p>
      )}
      <ul className={styles.replies}>
        {replies.data?.map((r) => (
          <li key={r.id} className={styles.card} data-testid="canned-reply">
            {editing === r.id ? (
              <ReplyForm
                initial={{ lang: r.lang, title: r.title, body: r.body }}
                submitLabel={t('canned.save')}
                pending={update.isPending}
                onSubmit={(draft) => update.mutate({ id: r.id, draft })}
                onCancel={() => setEditing(undefined)}
                testId="canned-edit"
              />
            ) : (
              <>
                <p className={styles.meta}>
                  {languageName(r.lang, lang)} ·{' '}
                  {new Date(r.updatedAt).toLocaleString(lang, {
                    dateStyle: 'short',
                    timeStyle: 'short',
                  })}
                </p>
                <strong>{r.title}</strong>
                <p className={styles.text} translate="no">
                  {r.body}
                </p>
                <div className={styles.buttons}>
                  <Button onClick={() => setEditing(r.id)}>{t('canned.edit')}</Button>
                  <Button variant="danger" onClick={() => setConfirming(r.id)}>
                    {t('canned.delete')}
                  </Button>
                </div>
                {confirming === r.id && (
                  <div className={styles.answer} role="group">
                    <p className={styles.text}>{t('canned.delete_confirm', { title: r.title })}</p>
                    <div className={styles.buttons}>
                      <Button
                        variant="danger"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(r)}
                        data-testid="canned-delete-confirm"
                      >
                        {t('canned.delete')}
                      </Button>
                      <Button onClick={() => setConfirming(undefined)}>{t('canned.cancel')}</Button>
                    </div>
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
