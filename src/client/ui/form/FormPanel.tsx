// The frame of every sign-in, enrolment and recovery screen: a branded card with a title, an
// optional step eyebrow, an intro, the content and a footer of links; an optional aside beside it
// on wide screens.
import { useId, type ReactNode } from 'react';
import styles from './FormPanel.module.css';

export interface FormPanelProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  aside?: ReactNode;
  wide?: boolean;
  icon?: 'success' | 'info';
  /** Level of the title; 1 on a page of its own, 2 inside the frame's re-enrolment area. */
  level?: 1 | 2;
}

function Icon({ kind }: { kind: 'success' | 'info' }) {
  return (
    <span className={`${styles.icon} ${kind === 'info' ? styles.iconInfo : ''}`} aria-hidden="true">
      {kind === 'success' ? (
        <svg viewBox="0 0 32 32" width="32" height="32">
          <path d="M7 16.5l6 6L25 10" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : (
        <svg viewBox="0 0 32 32" width="32" height="32">
          <rect x="5" y="8" width="22" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M6 10l10 7 10-7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        </svg>
      )}
    </span>
  );
}

export function FormPanel({ title, eyebrow, intro, children, footer, aside, wide, icon, level = 1 }: FormPanelProps) {
  const titleId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={`container ${styles.layout} ${aside ? styles.withAside : ''}`}>
        <div className={`${styles.panel} ${wide ? styles.wide : ''}`}>
          {icon && <Icon kind={icon} />}
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <Heading id={titleId} className={styles.title}>
            {title}
          </Heading>
          {intro && <div className={styles.intro}>{intro}</div>}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
        {aside && <aside className={styles.aside}>{aside}</aside>}
      </div>
    </section>
  );
}
