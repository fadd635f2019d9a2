// One image of the library: its alt text (or "decorative"), its name, the focal point (click the
// picture where the subject is; arrow keys move it), how it crops, "replace file", where it is used
// (each entry a link) and delete, which the server refuses while anything uses the image.
import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '#client/ui/Link.tsx';
import type { MediaAsset } from '#shared/generated/types.ts';
import { isCmsContentName } from '#shared/cms.ts';
import { useT } from '../copy.tsx';
import { deleteAsset, formatBytes, mediaKey, messageOf, thumbnailUrl, updateAsset, uploadFile, useAsset } from '../api/media.ts';
import { entryPath, groupCopyKey } from '../groups.ts';
import { useEntryName } from '../entryName.ts';
import styles from './Media.module.css';

export interface AssetDetailsProps {
  id: string;
  /** Pick mode (the image field's picker): a "Use this image" button. */
  onUse?: ((asset: MediaAsset) => void) | undefined;
  onDeleted: () => void;
}

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n * 10) / 10));

export function AssetDetails({ id, onUse, onDeleted }: AssetDetailsProps) {
  const t = useT();
  const detail = useAsset(id);
  // Outside the form: saving changes the asset, which starts the form again from the server's copy.
  const [saved, setSaved] = useState(false);
  if (detail.isPending) {
    return (
      <p className={styles.detailsEmpty} role="status">
        {t('editor.loading')}
      </p>
    );
  }
  if (detail.isError) {
    return (
      <p className={styles.detailsEmpty} role="alert">
        {t('editor.loadFailed')}
      </p>
    );
  }
  // Keyed by the asset's last change: the form starts again from what the server has.
  return (
    <DetailsForm
      key={`${id}:${detail.data.asset.updated_at}`}
      asset={detail.data.asset}
      usage={detail.data.usage}
      onUse={onUse}
      onDeleted={onDeleted}
      saved={saved}
      onSaved={setSaved}
    />
  );
}

function DetailsForm({
  asset,
  usage,
  onUse,
  onDeleted,
  saved,
  onSaved,
}: {
  asset: MediaAsset;
  usage: Array<{ content_name: string; slug: string; name: string; in: string[] }>;
  onUse: AssetDetailsProps['onUse'];
  onDeleted: () => void;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const t = useT();
  const nameOf = useEntryName();
  const queryClient = useQueryClient();
  const ids = { alt: useId(), name: useId(), decorative: useId(), altHint: useId(), replace: useId(), focalHint: useId() };
  const [alt, setAlt] = useState(asset.alt);
  const [name, setName] = useState(asset.name);
  const [decorative, setDecorative] = useState(asset.decorative);
  const [focal, setFocal] = useState(asset.focal);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const [replacing, setReplacing] = useState<{ percent: number } | { message: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const changed =
    alt !== asset.alt || name !== asset.name || decorative !== asset.decorative || focal.x !== asset.focal.x || focal.y !== asset.focal.y;
  const needsAlt = !decorative && !alt.trim();

  useEffect(() => setConfirmDelete(false), [asset.id]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKey });

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      const updated = await updateAsset(asset.id, { alt, name: name.trim() || asset.name, decorative, focal });
      onSaved(true);
      setState({ kind: 'idle' });
      await refresh();
      return updated;
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error) ?? t('editor.error.generic') });
      return null;
    }
  };

  const pickFocal = (event: MouseEvent<HTMLButtonElement>) => {
    // A keyboard "click" (Enter, Space) has no position: it keeps the point where it is.
    if (event.detail === 0) return;
    const image = event.currentTarget.querySelector('img');
    const box = (image ?? event.currentTarget).getBoundingClientRect();
    setFocal({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) });
  };
  const moveFocal = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 10 : 2;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setFocal((f) => ({ x: clamp(f.x + move[0]), y: clamp(f.y + move[1]) }));
  };

  const replace = async (file: File | undefined) => {
    if (!file) return;
    setReplacing({ percent: 0 });
    try {
      await uploadFile(file, ({ sent }) => setReplacing({ percent: Math.round(sent * 100) }), { replace: asset.id });
      setReplacing(null);
      await refresh();
    } catch (error) {
      setReplacing({ message: messageOf(error) ?? t('editor.media.uploadFailed', { name: file.name }) });
    }
  };

  const remove = async () => {
    setDeleteProblem(null);
    try {
      await deleteAsset(asset.id);
      await refresh();
      onDeleted();
    } catch (error) {
      setConfirmDelete(false);
      setDeleteProblem(messageOf(error) ?? t('editor.error.generic'));
      await refresh();
    }
  };

  const position = `${focal.x}% ${focal.y}%`;
  return (
    <section className={styles.details} aria-labelledby={`${ids.name}-title`}>
      <h2 className={styles.detailsTitle} id={`${ids.name}-title`}>
        {asset.name}
      </h2>
      <button
        type="button"
        className={styles.focalFrame}
        onClick={pickFocal}
        onKeyDown={moveFocal}
        aria-describedby={ids.focalHint}
        aria-label={t('editor.media.focalButton', { x: Math.round(focal.x), y: Math.round(focal.y) })}
      >
        <img src={thumbnailUrl(asset, 640)} alt="" width={asset.width} height={asset.height} className={styles.focalImage} />
        <span className={styles.focalMark} style={{ left: `${focal.x}%`, top: `${focal.y}%` }} aria-hidden="true" />
      </button>
      <p className={styles.hint} id={ids.focalHint}>
        {t('editor.media.focalHint')}
      </p>
      <div className={styles.crops} aria-label={t('editor.media.crops')} role="group">
        <img src={thumbnailUrl(asset)} alt="" className={styles.cropWide} style={{ objectPosition: position }} />
        <img src={thumbnailUrl(asset)} alt="" className={styles.cropSquare} style={{ objectPosition: position }} />
        <img src={thumbnailUrl(asset)} alt="" className={styles.cropTall} style={{ objectPosition: position }} />
      </div>

      <form
        className={styles.detailsForm}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={ids.alt}>{t('editor.media.alt')}</label>
          <textarea
            id={ids.alt}
            className={styles.textarea}
            rows={3}
            maxLength={500}
            value={alt}
            disabled={decorative}
            aria-describedby={ids.altHint}
            aria-invalid={needsAlt || undefined}
            onChange={(event) => setAlt(event.target.value)}
          />
          <p className={needsAlt ? styles.warning : styles.hint} id={ids.altHint}>
            {t(needsAlt ? 'editor.media.altMissing' : 'editor.media.altHint')}
          </p>
        </div>
        <div className={styles.checkField}>
          <input id={ids.decorative} type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} />
          <label htmlFor={ids.decorative}>{t('editor.media.decorative')}</label>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.name}>{t('editor.media.name')}</label>
          <input
            id={ids.name}
            className={styles.input}
            type="text"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={!changed || state.kind === 'saving'}>
            {state.kind === 'saving' ? t('editor.working') : t('editor.media.save')}
          </button>
          {onUse ? (
            <button
              type="button"
              className={styles.secondary}
              onClick={async () => {
                const current = changed ? await save() : asset;
                if (current) onUse(current);
              }}
            >
              {t('editor.media.use')}
            </button>
          ) : null}
          <span role="status" className={state.kind === 'error' ? styles.errorText : styles.okText}>
            {state.kind === 'error' ? state.message : saved && !changed ? t('editor.media.saved') : ''}
          </span>
        </div>
      </form>

      <dl className={styles.facts}>
        <dt>{t('editor.media.type')}</dt>
        <dd>
          {asset.mime.replace('image/', '').toUpperCase()}, {asset.width} × {asset.height}
        </dd>
        <dt>{t('editor.media.stored')}</dt>
        <dd>{formatBytes(asset.stored_bytes)}</dd>
        <dt>{t('editor.media.uploaded')}</dt>
        <dd>
          {asset.created_by}, {new Date(asset.created_at).toLocaleDateString()}
        </dd>
      </dl>

      <div className={styles.replace}>
        <label htmlFor={ids.replace} className={styles.secondary}>
          {t('editor.media.replace')}
        </label>
        <input
          id={ids.replace}
          className={styles.fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          onChange={(event) => {
            void replace(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p className={styles.hint}>{t('editor.media.replaceHint')}</p>
        {replacing && 'percent' in replacing ? (
          <progress max={100} value={replacing.percent} aria-label={t('editor.media.progressOf', { name: asset.name })} />
        ) : null}
        {replacing && 'message' in replacing ? (
          <p className={styles.errorText} role="alert">
            {replacing.message}
          </p>
        ) : null}
      </div>

      <h3 className={styles.subTitle}>
        {usage.length
          ? t(usage.length === 1 ? 'editor.media.usedInOne' : 'editor.media.usedIn', { count: usage.length })
          : t('editor.media.unused')}
      </h3>
      {usage.length ? (
        <ul className={styles.usage}>
          {usage.map((u) => (
            <li key={`${u.content_name}/${u.slug}`}>
              {isCmsContentName(u.content_name) ? (
                <Link to={entryPath(u.content_name, u.slug)}>
                  {t(groupCopyKey(u.content_name))}: {nameOf(u)}
                </Link>
              ) : (
                nameOf(u)
              )}{' '}
              <span className={styles.muted}>({u.in.map((k) => t(`editor.media.in.${k}`)).join(', ')})</span>
            </li>
          ))}
        </ul>
      ) : null}

      <div className={styles.danger}>
        {confirmDelete ? (
          <>
            <span>{t('editor.media.deleteConfirm')}</span>
            <button type="button" className={styles.dangerButton} onClick={() => void remove()}>
              {t('editor.media.deleteYes')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setConfirmDelete(false)}>
              {t('editor.media.deleteNo')}
            </button>
          </>
        ) : (
          <button type="button" className={styles.dangerButton} onClick={() => setConfirmDelete(true)}>
            {t('editor.media.delete')}
          </button>
        )}
        {deleteProblem ? (
          <p className={styles.errorText} role="alert">
            {deleteProblem}
          </p>
        ) : null}
      </div>
    </section>
  );
}
