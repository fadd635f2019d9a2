// The frame around every signed-in screen: the partner, the editor and sign-out.
import { type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '#client/ui/Link.tsx';
import type { CmsEditor } from '#shared/generated/types.ts';
import { useT } from './copy.tsx';
import { editorQuery, signOut } from './api/session.ts';
import { usePartner } from './partner.tsx';
import styles from './Editor.module.css';

export function Shell({ editor, children }: { editor: CmsEditor; children: ReactNode }) {
  const t = useT();
  const partner = usePartner();
  const queryClient = useQueryClient();
  const leave = async () => {
    try {
      await signOut();
    } finally {
      // Signed out even if the call failed: the screen must not keep showing content.
      queryClient.setQueryData(editorQuery().queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'me' });
    }
  };
  return (
    <div className={styles.app}>
      <header className={styles.topBar}>
        <Link to="/editor" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true" />
          <span className={styles.brandName}>{t('editor.brand')}</span>
        </Link>
        <span className={styles.partnerChip}>{partner.programName}</span>
        <Link to="/editor/media" className={`${styles.topLink} ${styles.sectionLink}`}>
          {t('editor.media.nav')}
        </Link>
        <span className={styles.topSpacer} />
        <a className={styles.topLink} href="/" target="_blank" rel="noopener">
          {t('editor.openSite')}
        </a>
        <span className={styles.who} title={editor.email}>
          {editor.name || editor.email}
        </span>
        <button type="button" className={styles.ghostButton} onClick={() => void leave()}>
          {t('editor.signOut')}
        </button>
      </header>
      {children}
    </div>
  );
}
