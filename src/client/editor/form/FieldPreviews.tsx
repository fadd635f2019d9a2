// What a text field will look like to members: an HTML field's markup after the server's sanitiser
// (shortly after typing stops), and an image field's picture. Links get no preview: their scheme
// rule (https, http, mailto, tel, a path on this site) is checked as they are typed, at the field.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { useT } from '../copy.tsx';
import { cleanHtmlQuery } from '../api/html.ts';
import styles from './SchemaForm.module.css';

const SETTLE_MS = 300;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function HtmlPreview({ html, label }: { html: string; label: string }) {
  const t = useT();
  const settled = useSettled(html);
  const clean = useQuery({ ...cleanHtmlQuery(settled), enabled: settled.trim() !== '', placeholderData: keepPreviousData });
  if (!html.trim()) return null;
  return (
    <div className={styles.htmlPreview} role="region" aria-label={t('editor.form.htmlPreview', { label })}>
      <p className={styles.previewLabel} aria-hidden="true">
        {t('editor.form.htmlPreviewShort')}
      </p>
      {clean.data ? (
        <>
          {/* Markup from the server's CMS sanitiser: no script, handlers or unsafe links. */}
          <div className={styles.htmlBody} dangerouslySetInnerHTML={{ __html: clean.data.html }} />
          {clean.data.changed ? <p className={styles.previewNote}>{t('editor.form.htmlCleaned')}</p> : null}
        </>
      ) : clean.isError ? (
        <p className={styles.previewNote}>{t('editor.loadFailed')}</p>
      ) : (
        <p className={styles.previewNote}>{t('editor.loading')}</p>
      )}
    </div>
  );
}

export function ImagePreview({ src }: { src: string }) {
  const t = useT();
  const safe = safeCmsUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (!safe || /^(mailto|tel):/i.test(safe)) return null;
  return (
    <div className={styles.imagePreview}>
      {failed === safe ? (
        <p className={styles.previewNote}>{t('editor.form.imageFailed')}</p>
      ) : (
        <img src={safe} alt={t('editor.form.imagePreview')} onError={() => setFailed(safe)} />
      )}
    </div>
  );
}
