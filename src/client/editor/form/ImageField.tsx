// An image field (schemas/media-image.schema.json): an image of the partner's media library, chosen
// in the picker (which also uploads), with what members will get: the picture, and its alt text or
// "decorative" (publishing is refused without one of them). Older content names a file by path
// (/media/..., /partner-assets/...): shown as it is, kept until a library image replaces it.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isMediaImageRef } from '#shared/media.ts';
import { ImagePreview } from './FieldPreviews.tsx';
import { useT } from '../copy.tsx';
import { assetQuery, imageValueOf, thumbnailUrl, useAsset } from '../api/media.ts';
import styles from './SchemaForm.module.css';
import media from '../media/Media.module.css';

const MediaPicker = lazy(() => import('../media/MediaPicker.tsx').then((m) => ({ default: m.MediaPicker })));

export interface ImageFieldProps {
  id: string;
  labelText: ReactNode;
  /** The field's help text (form/words.ts), shown under its legend. */
  hint?: ReactNode;
  value: unknown;
  required: boolean;
  messages: ReactNode;
  /** The field has a problem (its path is refused). */
  invalid: boolean;
  onChange: (value: unknown) => void;
}

export function ImageField({ id, labelText, hint, value, required, messages, invalid, onChange }: ImageFieldProps) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const queryClient = useQueryClient();
  const ref = isMediaImageRef(value) ? value : null;
  // Older content: a path, edited as text until a library image replaces it.
  const path = typeof value === 'string' ? value : null;
  const current = useAsset(ref?.asset ?? null);
  const asset = current.data?.asset;
  const alt = asset ? asset.alt : (ref?.alt ?? '');
  const decorative = asset ? asset.decorative : ref?.decorative === true;
  const sha = asset?.sha256 ?? ref?.sha256;
  const widths = asset?.widths ?? ref?.widths ?? [];
  const syncWithLibrary = async (assetId: string) => {
    const fresh = await queryClient.fetchQuery(assetQuery(assetId)).catch(() => null);
    if (!fresh || !isMediaImageRef(value) || value.asset !== assetId) return;
    const next = imageValueOf(fresh.asset);
    if (JSON.stringify(next) !== JSON.stringify({ ...next, ...value })) onChange(next);
  };
  return (
    <fieldset className={styles.group} id={id}>
      <legend>{labelText}</legend>
      {hint}
      <div className={media.imageField}>
        {ref && sha && widths.length ? (
          <img className={media.imageFieldThumb} src={thumbnailUrl({ sha256: sha, widths })} alt="" />
        ) : path === null ? (
          <span className={media.imageFieldEmpty} aria-hidden="true">
            ▧
          </span>
        ) : null}
        <div className={media.imageFieldText}>
          {ref ? (
            <>
              <strong>{asset?.name ?? t('editor.media.libraryImage')}</strong>
              {current.isError ? (
                <span className={media.warning}>{t('editor.media.gone')}</span>
              ) : decorative ? (
                <span>{t('editor.media.isDecorative')}</span>
              ) : alt ? (
                <span>{t('editor.media.altIs', { alt })}</span>
              ) : (
                <span className={media.warning}>{t('editor.media.altMissing')}</span>
              )}
            </>
          ) : path !== null ? (
            <>
              <label htmlFor={`${id}-path`}>{t('editor.media.path')}</label>
              <input
                id={`${id}-path`}
                className={styles.input}
                type="text"
                inputMode="url"
                spellCheck={false}
                value={path}
                aria-describedby={`${id}-path-hint`}
                aria-invalid={invalid || undefined}
                onChange={(event) => onChange(event.target.value === '' && !required ? undefined : event.target.value)}
              />
              <span className={styles.hint} id={`${id}-path-hint`}>
                {t('editor.form.imageHint')}
              </span>
            </>
          ) : (
            <span>{t('editor.media.noImage')}</span>
          )}
          <span className={media.imageFieldButtons}>
            <button type="button" className={media.secondary} onClick={() => setPicking(true)}>
              {t(ref ? 'editor.media.change' : path !== null ? 'editor.media.chooseInstead' : 'editor.media.chooseImage')}
            </button>
            {ref ? (
              <button type="button" className={media.secondary} onClick={() => setPicking(true)}>
                {t('editor.media.editDetails')}
              </button>
            ) : null}
            {(ref || path !== null) && !required ? (
              <button type="button" className={media.secondary} onClick={() => onChange(undefined)}>
                {t('editor.media.remove')}
              </button>
            ) : null}
          </span>
        </div>
      </div>
      {messages}
      {path !== null && !invalid ? <ImagePreview src={path} /> : null}
      {picking ? (
        <Suspense fallback={<p role="status">{t('editor.loading')}</p>}>
          <MediaPicker
            selected={ref?.asset}
            onClose={() => {
              setPicking(false);
              // Alt text, decorative or focal point changed in the picker: the field takes the library's
              // word now, so the draft is saved again and the server checks it afresh (its stored
              // problems, e.g. "needs alt text", would otherwise keep the publish refused).
              if (ref) void syncWithLibrary(ref.asset);
            }}
            onUse={(chosen) => {
              onChange(imageValueOf(chosen));
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
