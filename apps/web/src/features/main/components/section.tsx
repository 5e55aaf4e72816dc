import type { ReactNode } from 'react';
import styles from './section.module.css';

/** A titled block of the main page (banner, slider rows and lists slot in the same way). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.title}>{title}</h2>
      {children}
    </section>
  );
}
