import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AGE_RATES,
  LANGUAGES,
  WARNING_CODES,
  type AdminDramaDetail,
  type DramaFormInput,
  type Language,
} from '@snapdrama/contract';
import { useCodeText } from '../../shared/console/console-codes';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { categoriesQuery } from './catalog-api';
import { catalogMessages } from './catalog-messages';
import styles from './catalog.module.css';

type Texts = Record<Language, string>;
const emptyTexts = (): Texts => ({ ko: '', en: '', ja: '' });

export function emptyForm(): DramaFormInput {
  return {
    title: emptyTexts(),
    description: emptyTexts(),
    categoryIds: [],
    ageRate: 'all',
    warnings: [],
    exclusive: false,
    webTag: '',
    aosTag: '',
    iosTag: '',
    registeredAt: null,
  };
}

export function formOf(detail: AdminDramaDetail): DramaFormInput {
  const f = detail.form;
  return {
    title: f.title,
    description: f.description,
    categoryIds: f.categoryIds,
    ageRate: f.ageRate as DramaFormInput['ageRate'],
    warnings: f.warnings as DramaFormInput['warnings'],
    exclusive: f.exclusive,
    webTag: f.webTag ?? '',
    aosTag: f.aosTag ?? '',
    iosTag: f.iosTag ?? '',
    registeredAt: f.registeredAt,
  };
}

/** ISO time ↔ the local value of a datetime-local input. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The drama's details: texts in three languages, categories, rating, warnings, flags, ad tags. */
export function DramaForm(props: {
  initial: DramaFormInput;
  submitLabel: string;
  busy: boolean;
  errors: Record<string, string>;
  notice?: string;
  onSubmit: (form: DramaFormInput) => void;
}) {
  const t = useConsoleText(catalogMessages);
  const code = useCodeText();
  const lang = useConsoleLanguage();
  const categories = useQuery(categoriesQuery);
  const [form, setForm] = useState<DramaFormInput>(props.initial);
  const e = props.errors;
  const set = <K extends keyof DramaFormInput>(key: K, value: DramaFormInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const toggle = <T,>(list: readonly T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(form);
  };
  const langName = (l: Language) => t(`lang.${l}`);

  return (
    <Card title={t('drama.details')}>
      <form className={styles.stack} onSubmit={submit} noValidate data-testid="drama-form">
        {e[''] && <Banner kind="error">{e['']}</Banner>}
        {props.notice && <Banner kind="success">{props.notice}</Banner>}
        <div className={ui.grid2}>
          {LANGUAGES.map((l) => (
            <Field
              key={l}
              label={t('drama.title_label', { lang: langName(l) })}
              error={e[`title.${l}`] ?? e.title}
            >
              <input
                className={ui.input}
                name={`title-${l}`}
                lang={l}
                value={form.title[l]}
                maxLength={100}
                onChange={(ev) => set('title', { ...form.title, [l]: ev.target.value })}
              />
            </Field>
          ))}
        </div>
        <div className={ui.grid2}>
          {LANGUAGES.map((l) => (
            <Field
              key={l}
              label={t('drama.description_label', { lang: langName(l) })}
              error={e[`description.${l}`] ?? e.description}
            >
              <textarea
                className={ui.input}
                name={`description-${l}`}
                lang={l}
                value={form.description[l]}
                maxLength={2000}
                onChange={(ev) => set('description', { ...form.description, [l]: ev.target.value })}
              />
            </Field>
          ))}
        </div>
        <Field label={t('drama.categories')} error={e.categoryIds}>
          <span className={styles.checks}>
            {(categories.data ?? []).map((c) => (
              <label key={c.id} className={styles.check}>
                <input
                  type="checkbox"
                  name="category"
                  value={c.id}
                  checked={form.categoryIds.includes(c.id)}
                  onChange={() => set('categoryIds', toggle(form.categoryIds, c.id))}
                />
                {c.name[lang] || c.name.en}
              </label>
            ))}
          </span>
        </Field>
        <div className={ui.grid2}>
          <Field label={t('drama.age_rate')} error={e.ageRate}>
            <select
              className={ui.input}
              name="ageRate"
              value={form.ageRate}
              onChange={(ev) => set('ageRate', ev.target.value as DramaFormInput['ageRate'])}
            >
              {AGE_RATES.map((r) => (
                <option key={r} value={r}>
                  {r === 'all' ? t('drama.age_all') : t('drama.age_n', { n: r })}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('drama.released')} hint={t('drama.released_hint')} error={e.registeredAt}>
            <input
              className={ui.input}
              type="datetime-local"
              name="registeredAt"
              value={toLocalInput(form.registeredAt ?? null)}
              onChange={(ev) =>
                set(
                  'registeredAt',
                  ev.target.value ? new Date(ev.target.value).toISOString() : null,
                )
              }
            />
          </Field>
        </div>
        <Field label={t('drama.warnings')} error={e.warnings}>
          <span className={styles.checks}>
            {WARNING_CODES.map((w) => (
              <label key={w} className={styles.check}>
                <input
                  type="checkbox"
                  name="warning"
                  value={w}
                  checked={form.warnings.includes(w)}
                  onChange={() => set('warnings', toggle(form.warnings, w))}
                />
                {code('warning', w) ?? w}
              </label>
            ))}
          </span>
        </Field>
        <label className={styles.check}>
          <input
            type="checkbox"
            name="exclusive"
            checked={form.exclusive}
            onChange={(ev) => set('exclusive', ev.target.checked)}
          />
          {t('drama.exclusive')}
        </label>
        <div className={styles.stack}>
          <span className={ui.label}>{t('drama.ad_tags')}</span>
          <span className={ui.grid2}>
            {(
              [
                ['webTag', 'drama.ad_web'],
                ['aosTag', 'drama.ad_aos'],
                ['iosTag', 'drama.ad_ios'],
              ] as const
            ).map(([key, label]) => (
              <Field key={key} label={t(label)} error={e[key]}>
                <input
                  className={ui.input}
                  name={key}
                  value={form[key] ?? ''}
                  maxLength={200}
                  onChange={(ev) => set(key, ev.target.value)}
                />
              </Field>
            ))}
          </span>
        </div>
        <div>
          <Button type="submit" variant="primary" disabled={props.busy} data-testid="drama-save">
            {props.submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
