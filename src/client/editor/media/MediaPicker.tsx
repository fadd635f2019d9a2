// The image fields' picker: the media library in a dialog (native <dialog>: modal, Escape closes,
// focus comes back to the button that opened it). Its own chunk, loaded when first opened.
import { useEffect, useRef } from 'react';
import type { MediaAsset } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import { MediaLibrary } from './MediaLibrary.tsx';
import styles from './Media.module.css';

export interface MediaPickerProps {
  selected?: string | undefined;
  onUse: (asset: MediaAsset) => void;
  onClose: () => void;
}

export function MediaPicker({ selected, onUse, onClose }: MediaPickerProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const closed = () => onCloseRef.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className={styles.picker} aria-label={t('editor.media.pickTitle')}>
      <div className={styles.pickerBar}>
        <button type="button" className={styles.secondary} onClick={() => ref.current?.close()}>
          {t('editor.media.close')}
        </button>
      </div>
      <MediaLibrary selected={selected} onUse={onUse} headingLevel={2} />
    </dialog>
  );
}
