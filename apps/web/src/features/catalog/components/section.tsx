import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './section.module.css';

/** A titled block; with `to` the title links to the full list (spec §2 slider rows). */
export function Section(props: {
  title: string;
  to?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.section} data-testid={props.testId}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          {props.to ? (
            <Link to={props.to} className={styles.titleLink} data-testid="section-link">
              {props.title}
              <span aria-hidden="true" className={styles.chevron}>
                ›
              </span>
            </Link>
          ) : (
            props.title
          )}
        </h2>
        {props.actions && <div className={styles.actions}>{props.actions}</div>}
      </div>
      {props.children}
    </section>
  );
}
