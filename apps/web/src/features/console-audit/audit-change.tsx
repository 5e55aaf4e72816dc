import type { Language } from '@snapdrama/contract';
import {
  GATEWAY_NAMES,
  useAgeRateText,
  useCodeText,
  type CodeKind,
} from '../../shared/console/console-codes';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { ui } from '../../shared/console/console-ui';
import { AUDIT_FIELDS } from './audit-fields';
import { SIGN_IN_FAILURE_LABELS } from './audit-labels';
import { auditMessages } from './audit-messages';
import styles from './audit-page.module.css';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A label of the console's language, or the recorded code itself (marked as not to translate). */
export function Label(props: { labels: Record<string, Record<Language, string>>; code: string }) {
  const lang = useConsoleLanguage();
  const label = props.labels[props.code];
  return label ? <>{label[lang]}</> : <code translate="no">{props.code}</code>;
}

/** A filter chosen from the labelled codes (an address may name another: it stays chosen). */
export function CodeSelect(props: {
  name: string;
  labels: Record<string, Record<Language, string>>;
  value: string;
  allLabel: string;
  onChange: (value: string) => void;
}) {
  const lang = useConsoleLanguage();
  const codes = Object.keys(props.labels);
  if (props.value && !codes.includes(props.value)) codes.push(props.value);
  return (
    <select
      className={ui.input}
      name={props.name}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">{props.allLabel}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {props.labels[code]?.[lang] ?? code}
        </option>
      ))}
    </select>
  );
}

/** Fields whose values are codes with a name in the console's language. */
const CODE_FIELDS: Record<string, CodeKind> = {
  warnings: 'warning',
  role: 'role',
  state: 'order_state',
  period: 'period',
};

/** A code field's value by its name ("paid/credited": each part), or undefined for other fields. */
function useCodeValue() {
  const lang = useConsoleLanguage();
  const code = useCodeText();
  const ageRate = useAgeRateText();
  return (field: string | undefined, value: string): string | undefined => {
    if (field === 'ageRate') return ageRate(value);
    if (field === 'gateway') return GATEWAY_NAMES[value];
    // why a sign-in was refused (operator.sign_in_failed)
    if (field === 'reason' && SIGN_IN_FAILURE_LABELS[value])
      return SIGN_IN_FAILURE_LABELS[value][lang];
    const kind = field === undefined ? undefined : CODE_FIELDS[field];
    if (!kind) return undefined;
    const parts = value.split('/').map((part) => code(kind, part));
    return parts.every((p) => p !== undefined) ? parts.join(' / ') : undefined;
  };
}

/**
 * A recorded value in the console's language: numbers, times and lists through Intl, codes by
 * their names (`field` says which codes).
 */
function Value(props: { value: unknown; field?: string }) {
  const t = useConsoleText(auditMessages);
  const lang = useConsoleLanguage();
  const codeValue = useCodeValue();
  const { value, field } = props;
  if (value === null || value === undefined) return <>{t('audit.none')}</>;
  if (typeof value === 'boolean') return <>{value ? t('audit.yes') : t('audit.no')}</>;
  if (typeof value === 'number') return <>{new Intl.NumberFormat(lang).format(value)}</>;
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return (
        <>{new Date(value).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })}</>
      );
    }
    const named = codeValue(field, value);
    if (named !== undefined) return <>{named}</>;
    // text people typed, codes and paths: shown as recorded
    return <span translate="no">{value}</span>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <>{t('audit.none')}</>;
    if (value.every((v) => typeof v === 'number')) {
      const format = new Intl.NumberFormat(lang);
      return <>{new Intl.ListFormat(lang).format(value.map((v) => format.format(v)))}</>;
    }
    if (value.every((v) => typeof v === 'string')) {
      const named = value.map((v) => codeValue(field, v));
      if (named.every((n) => n !== undefined)) {
        return <>{new Intl.ListFormat(lang).format(named)}</>;
      }
      return <span translate="no">{new Intl.ListFormat(lang).format(value)}</span>;
    }
  }
  if (isRecord(value)) return <Fields record={value} />;
  return <span translate="no">{JSON.stringify(value)}</span>;
}

/** A field's label in the console's language, or its recorded name (marked as not to translate). */
function FieldName(props: { name: string }) {
  return <Label labels={AUDIT_FIELDS} code={props.name} />;
}

/** A recorded snapshot as labelled fields. */
function Fields(props: { record: Record<string, unknown> }) {
  return (
    <dl className={styles.fields}>
      {Object.entries(props.record).map(([key, value]) => (
        <div key={key}>
          <dt>
            <FieldName name={key} />
          </dt>
          <dd>
            <Value value={value} field={key} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Before → after as labelled fields in the console's language: the fields that changed, or the
 * whole snapshot when there is only one; the record as stored behind a disclosure.
 */
export function Change(props: { before: unknown; after: unknown }) {
  const t = useConsoleText(auditMessages);
  const { before, after } = props;
  const none = (before ?? null) === null && (after ?? null) === null;
  let shown;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    shown = keys.map((key) => (
      <span key={key} className={styles.change} data-testid="audit-change">
        <strong>
          <FieldName name={key} />
        </strong>
        : <Value value={before[key]} field={key} /> <span className={styles.arrow}>→</span>{' '}
        <Value value={after[key]} field={key} />
      </span>
    ));
  } else if (none) {
    shown = <span className={styles.arrow}>—</span>;
  } else {
    shown = (
      <>
        {(before ?? null) !== null && (
          <>
            <Value value={before} />
            <span className={styles.arrow}>→</span>
          </>
        )}
        <Value value={after} />
      </>
    );
  }
  return (
    <>
      {shown}
      {!none && (
        <details className={styles.raw}>
          <summary>{t('audit.raw')}</summary>
          <pre className={styles.json} translate="no">
            {JSON.stringify({ before, after }, null, 2)}
          </pre>
        </details>
      )}
    </>
  );
}
