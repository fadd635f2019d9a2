// A text a content editor can change in place in the page editor's preview: click it, type, and the
// editor's form follows (PREVIEW_EDIT to the editor window, same origin only). While it is edited it
// shows the stored text with its placeholders ({currency}); members' pages render plain CopyText.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PREVIEW_EDIT, type PreviewEditTarget, type PreviewEvent } from '#shared/preview-messages.ts';
import { useRuntime } from '../runtime/index.tsx';
import { CopyText } from './CopyText.tsx';
import styles from './EditableText.module.css';

interface Props extends PreviewEditTarget {
  /** The text as members see it (placeholders filled in). */
  text: string;
  /** The stored text, with its placeholders. */
  raw: string;
}

const inEditorFrame = () => typeof window !== 'undefined' && window.parent !== window;

export function EditableText({ text, raw, entry, pointer }: Props) {
  const { preview } = useRuntime();
  const [editing, setEditing] = useState(false);
  const element = useRef<HTMLSpanElement>(null);

  // The edited span gets the stored text once; from then on the browser owns its content (React
  // renders no children into it), so typing is never undone by a render.
  useLayoutEffect(() => {
    const span = element.current;
    if (!editing || !span) return;
    span.textContent = raw;
    span.focus();
    const range = document.createRange();
    range.selectNodeContents(span);
    range.collapse(false);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    // Only when editing starts: later renders (the editor echoing the edit) leave it alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  if (!preview || !inEditorFrame()) return <CopyText text={text} />;

  const post = (value: string) => {
    const blockId = element.current?.closest('[data-block-id]')?.getAttribute('data-block-id');
    if (!blockId) return;
    const message: PreviewEvent = { type: PREVIEW_EDIT, blockId, text: value, entry, pointer };
    window.parent.postMessage(message, window.location.origin);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      element.current?.blur();
    }
  };

  return editing ? (
    <span
      key="editing"
      ref={element}
      className={styles.editing}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      role="textbox"
      aria-label={raw}
      tabIndex={0}
      onInput={(event) => post(event.currentTarget.textContent ?? '')}
      onKeyDown={onKeyDown}
      onBlur={() => setEditing(false)}
    />
  ) : (
    <span key="text" ref={element} className={styles.editable} data-editable-text="" onClick={() => setEditing(true)}>
      <CopyText text={text} />
    </span>
  );
}
