import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './console-ui.module.css';

/** The console's building blocks: every page uses these, so pages look alike and stay small. */
export const ui = styles;

export function ConsolePage(props: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{props.title}</h1>
        {props.actions && <div className={styles.actions}>{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

export function Card(props: { children: ReactNode; title?: string }) {
  return (
    <div className={styles.card}>
      {props.title && <h2 style={{ margin: '0 0 12px', fontSize: 16 }}>{props.title}</h2>}
      {props.children}
    </div>
  );
}

/** A labelled form field; `error` is shown under it (and announced). */
export function Field(props: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{props.label}</span>
      {props.children}
      {props.hint && <span className={styles.hint}>{props.hint}</span>}
      {props.error && (
        <span className={styles.fieldError} role="alert">
          {props.error}
        </span>
      )}
    </label>
  );
}

export function Button(
  props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'danger' },
) {
  const { variant, className, ...rest } = props;
  const classes = [styles.button, variant ? styles[variant] : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type="button" {...rest} className={classes} />;
}

export function Banner(props: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      className={`${styles.banner} ${styles[props.kind]}`}
      role={props.kind === 'error' ? 'alert' : 'status'}
    >
      {props.children}
    </div>
  );
}
