import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@snapdrama/contract';
import { useCompany, type CompanyDetails } from '../../../shared/config/company';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { Spinner } from '../../../shared/ui/spinner';
import type { LegalDocuments } from './types';
import styles from './legal-document.module.css';

export type LegalKind = 'terms' | 'privacy';

// One chunk per language, loaded only when a document is opened: the texts are long and no
// page but these needs them (the main page's bundle budget).
const loaders: Record<Language, () => Promise<{ documents: LegalDocuments }>> = {
  ko: () => import('./docs.ko'),
  en: () => import('./docs.en'),
  ja: () => import('./docs.ja'),
};

const fill = (text: string, company: CompanyDetails) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    switch (key) {
      case 'name':
      case 'representative':
      case 'registration_no':
      case 'address':
      case 'email':
        return company[key];
      default:
        return whole;
    }
  });

/** The terms of service or privacy policy in the interface language, with the company details. */
export function LegalDocument({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const company = useCompany();
  // re-read on every render (useTranslation re-renders on a language change); ko-KR is ko
  const lang: Language = currentLanguage();
  const docs = useQuery({
    queryKey: ['legal-documents', lang],
    queryFn: async () => (await loaders[lang]()).documents,
    staleTime: Infinity,
  });

  if (docs.isPending) return <Spinner />;
  if (docs.isError) return <p className={styles.paragraph}>{t('legal.load_fail')}</p>;

  return (
    <div className={styles.document} data-testid={`legal-${kind}`} lang={lang}>
      <p className={styles.effective}>{t('legal.effective', { date: docs.data.effective })}</p>
      {docs.data[kind].map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          <Paragraphs lines={section.body.map((line) => fill(line, company))} />
        </section>
      ))}
    </div>
  );
}

/** Consecutive "- " lines become one list; other lines are paragraphs. */
function Paragraphs({ lines }: { lines: string[] }) {
  const blocks: (string | string[])[] = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    if (!line.startsWith('- ')) blocks.push(line);
    else if (Array.isArray(last)) last.push(line.slice(2));
    else blocks.push([line.slice(2)]);
  }
  return blocks.map((block, i) =>
    Array.isArray(block) ? (
      <ul key={i} className={styles.list}>
        {block.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ) : (
      <p key={i} className={styles.paragraph}>
        {block}
      </p>
    ),
  );
}
