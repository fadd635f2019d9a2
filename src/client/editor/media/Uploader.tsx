// Adding images: a file chooser, a drop zone and paste (Ctrl+V anywhere on the screen), several
// files at once, each with its own progress bar and, when refused, the server's reason naming it.
// The server decides what a file is from its bytes; the only check here is the size, said at once
// rather than after sending 11 MB for nothing.
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { MediaUploadResult } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import { formatBytes, messageOf, uploadFile } from '../api/media.ts';
import styles from './Media.module.css';

/** Uploads sent at once; the server makes one image's variants at a time anyway. */
const PARALLEL = 2;

type Status =
  | { kind: 'waiting' }
  | { kind: 'sending'; sent: number }
  | { kind: 'processing' }
  | { kind: 'done'; duplicate: boolean }
  | { kind: 'failed'; message: string };

interface Upload {
  key: number;
  name: string;
  status: Status;
}

export interface UploaderProps {
  maxBytes: number;
  onUploaded: (result: MediaUploadResult) => void;
  /** Listen for pasted images on the whole document (only one uploader on screen should). */
  pasteTarget?: boolean;
}

let nextKey = 1;

export function Uploader({ maxBytes, onUploaded, pasteTarget = true }: UploaderProps) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const queue = useRef<Array<{ key: number; file: File }>>([]);
  const running = useRef(0);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const set = useCallback((key: number, status: Status) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, status } : u)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length) {
      const job = queue.current.shift()!;
      running.current++;
      set(job.key, { kind: 'sending', sent: 0 });
      uploadFile(job.file, ({ sent }) => set(job.key, sent >= 1 ? { kind: 'processing' } : { kind: 'sending', sent }))
        .then((result) => {
          set(job.key, { kind: 'done', duplicate: result.duplicate });
          onUploadedRef.current(result);
        })
        .catch((error: unknown) => {
          set(job.key, { kind: 'failed', message: messageOf(error) ?? t('editor.media.uploadFailed', { name: job.file.name }) });
        })
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, [set, t]);

  const add = useCallback(
    (files: readonly File[]) => {
      if (!files.length) return;
      const added: Upload[] = files.map((file) => {
        const key = nextKey++;
        if (file.size > maxBytes) {
          return {
            key,
            name: file.name,
            status: { kind: 'failed', message: t('editor.media.tooLarge', { name: file.name, max: formatBytes(maxBytes) }) },
          };
        }
        queue.current.push({ key, file });
        return { key, name: file.name, status: { kind: 'waiting' } };
      });
      setUploads((list) => [...added, ...list].slice(0, 30));
      pump();
    },
    [maxBytes, pump, t],
  );

  useEffect(() => {
    if (!pasteTarget) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      add(
        files.map((file, i) =>
          file.name && file.name !== 'image.png'
            ? file
            : new File([file], `pasted-${Date.now()}-${i + 1}.${file.type.split('/')[1] ?? 'png'}`, { type: file.type }),
        ),
      );
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [add, pasteTarget]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <div className={styles.uploader}>
      <div
        className={`${styles.dropZone} ${over ? styles.dropZoneOver : ''}`}
        role="region"
        aria-label={t('editor.media.dropZone')}
        aria-describedby={hintId}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className={styles.dropIcon} aria-hidden="true">
          ⇪
        </span>
        <p className={styles.dropText}>{t('editor.media.dropText')}</p>
        <label htmlFor={inputId} className={styles.chooseButton}>
          {t('editor.media.choose')}
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <p className={styles.dropHint} id={hintId}>
          {t('editor.media.dropHint', { max: formatBytes(maxBytes) })}
        </p>
      </div>
      {uploads.length ? (
        <ul className={styles.uploads} aria-label={t('editor.media.uploads')}>
          {uploads.map((u) => (
            <UploadRow key={u.key} upload={u} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  const t = useT();
  const { status, name } = upload;
  const percent = status.kind === 'sending' ? Math.round(status.sent * 100) : status.kind === 'waiting' ? 0 : 100;
  const label =
    status.kind === 'waiting'
      ? t('editor.media.waiting')
      : status.kind === 'sending'
        ? t('editor.media.sending', { percent })
        : status.kind === 'processing'
          ? t('editor.media.processing')
          : status.kind === 'done'
            ? t(status.duplicate ? 'editor.media.duplicate' : 'editor.media.added')
            : null;
  return (
    <li className={`${styles.upload} ${status.kind === 'failed' ? styles.uploadFailed : ''}`}>
      <span className={styles.uploadName}>{name}</span>
      {status.kind === 'failed' ? (
        <p className={styles.uploadError} role="alert">
          {status.message}
        </p>
      ) : (
        <>
          <progress
            className={styles.progress}
            max={100}
            value={status.kind === 'processing' ? undefined : percent}
            aria-label={t('editor.media.progressOf', { name })}
          />
          <span className={styles.uploadStatus} role="status">
            {label}
          </span>
        </>
      )}
    </li>
  );
}
