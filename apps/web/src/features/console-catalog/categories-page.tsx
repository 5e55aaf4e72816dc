import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LANGUAGES, type AdminCategory, type Language } from '@snapdrama/contract';
import { fieldErrors } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { catalogCalls, categoriesQuery } from './catalog-api';
import { catalogMessages } from './catalog-messages';
import styles from './catalog.module.css';

/** Categories: add one (names in three languages) and set the order viewers see. */
export function CategoriesPage() {
  const t = useConsoleText(catalogMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery);
  const [order, setOrder] = useState<AdminCategory[] | undefined>();
  const [name, setName] = useState<Record<Language, string>>({ ko: '', en: '', ja: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string>();
  const list = order ?? categories.data ?? [];
  const store = (next: AdminCategory[]) => {
    queryClient.setQueryData(categoriesQuery.queryKey, next);
    setOrder(undefined);
  };
  const create = useMutation({
    mutationFn: () => catalogCalls.createCategory(name),
    onSuccess: (next) => {
      store(next);
      setName({ ko: '', en: '', ja: '' });
      setErrors({});
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const saveOrder = useMutation({
    mutationFn: () => catalogCalls.orderCategories(list.map((c) => c.id)),
    onSuccess: (next) => {
      store(next);
      setNotice(t('categories.order_saved'));
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const move = (index: number, by: number) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    setOrder(next);
    setNotice(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <ConsolePage title={t('categories.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('categories.intro')}
      </p>
      {categories.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {categories.isError && <Banner kind="error">{categories.error.message}</Banner>}
      {errors[''] && <Banner kind="error">{errors['']}</Banner>}
      {notice && <Banner kind="success">{notice}</Banner>}
      <ol className={styles.list}>
        {list.map((c, index) => (
          <li key={c.id} className={styles.listItem} data-testid="category-row">
            <span>
              {index + 1}. {c.name[lang] || c.name.en}
            </span>
            <Button
              aria-label={t('categories.up')}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </Button>
            <Button
              aria-label={t('categories.down')}
              disabled={index === list.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="primary"
          disabled={!order || saveOrder.isPending}
          onClick={() => saveOrder.mutate()}
        >
          {t('categories.save_order')}
        </Button>
      </div>
      <Card title={t('categories.add')}>
        <form className={styles.stack} onSubmit={submit} noValidate>
          <div className={ui.grid2}>
            {LANGUAGES.map((l) => (
              <Field
                key={l}
                label={t('categories.name', { lang: t(`lang.${l}`) })}
                error={errors[`name.${l}`]}
              >
                <input
                  className={ui.input}
                  name={`category-${l}`}
                  maxLength={40}
                  value={name[l]}
                  onChange={(e) => setName({ ...name, [l]: e.target.value })}
                />
              </Field>
            ))}
          </div>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {t('categories.add')}
            </Button>
          </div>
        </form>
      </Card>
    </ConsolePage>
  );
}
