// A CMS HTML field as rich text (Tiptap): bold, italic, headings, lists and links, with a toolbar and
// the usual shortcuts (Ctrl/⌘+B, Ctrl/⌘+I), instead of raw HTML. What it writes is plain markup the
// CMS sanitiser keeps (the server cleans every save anyway: pasted scripts and handlers never reach
// members). Text with markup this editor cannot keep (pictures, spans, superscripts…) opens as HTML,
// so nothing is lost by opening it; "Edit as code" switches any field to its markup.
// Loaded on demand (SchemaForm's lazy import): the editor's other screens do not carry Tiptap.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { linkProblem } from '#shared/cms-links.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import { LinkPicker } from './LinkPicker.tsx';
import styles from './SchemaForm.module.css';

/** Elements the rich text keeps as they are; anything else means the field opens as HTML. */
const KEPT = new Set([
  'P',
  'BR',
  'HR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'CODE',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'A',
  'BLOCKQUOTE',
]);
/** Attributes kept on links; others (a class, a style) would be dropped by the rich text. */
const KEPT_LINK_ATTRIBUTES = new Set(['href', 'target', 'rel']);

/** Whether opening this markup as rich text would drop some of it. */
export function losesMarkup(html: string): boolean {
  if (!html.trim()) return false;
  // DOMParser builds an inert document: nothing in it loads or runs.
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    if (!KEPT.has(element.tagName)) return true;
    const names = element.getAttributeNames();
    if (element.tagName === 'A' ? names.some((name) => !KEPT_LINK_ATTRIBUTES.has(name)) : names.length > 0) return true;
  }
  return false;
}

interface RichTextFieldProps {
  id: string;
  label: string;
  labelText: ReactNode;
  value: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  onChange: (html: string) => void;
  /** The HTML textarea, for "Edit as code" and for markup rich text cannot keep. */
  htmlField: ReactNode;
}

export default function RichTextField(props: RichTextFieldProps) {
  const t = useT();
  const [asHtml, setAsHtml] = useState(() => losesMarkup(props.value));
  const forced = asHtml && losesMarkup(props.value);
  const noteId = useId();
  return (
    <div className={styles.field}>
      {asHtml ? (
        <>
          {props.htmlField}
          {forced ? (
            <p className={styles.hint} id={noteId}>
              {t('editor.richText.keptAsHtml')}
            </p>
          ) : null}
        </>
      ) : (
        <RichText {...props} />
      )}
      <button
        type="button"
        className={styles.linkButton}
        aria-pressed={asHtml}
        disabled={forced}
        aria-describedby={forced ? noteId : undefined}
        onClick={() => setAsHtml((now) => !now)}
      >
        {t('editor.richText.asHtml')}
      </button>
    </div>
  );
}

function RichText({ id, label, labelText, value, describedBy, invalid, required, onChange }: RichTextFieldProps) {
  const t = useT();
  const labelId = `${id}-label`;
  // The markup last sent up: a value that differs came from elsewhere (undo, reload, a conflict).
  const sent = useRef(value);
  const attributes = useMemo(
    () => ({
      id,
      class: styles.richText ?? '',
      'aria-labelledby': labelId,
      'aria-multiline': 'true',
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
      ...(required ? { 'aria-required': 'true' } : {}),
    }),
    [id, labelId, describedBy, invalid, required],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // <pre> is not markup members get; code spans are.
        codeBlock: false,
        // No empty paragraph added after a closing list or heading: opening a text must not change it.
        trailingNode: false,
        link: { openOnClick: false, autolink: false, linkOnPaste: false, HTMLAttributes: { target: null, rel: null } },
      }),
    ],
    content: value,
    // The page's CSP allows no inline <style>: the editor's few rules are in SchemaForm.module.css.
    injectCSS: false,
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      sent.current = html;
      onChange(html);
    },
  });

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The editor is made once; later changes to its label and state reach it through setOptions.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  return (
    <>
      <span className={styles.richLabel} id={labelId}>
        {labelText}
      </span>
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
      <span className={styles.srOnly}>{t('editor.richText.shortcuts')}</span>
    </>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const t = useT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linking, setLinking] = useState(false);
  const button = (name: string, pressed: boolean, run: () => void, text: ReactNode) => (
    <button
      type="button"
      className={styles.toolButton}
      aria-pressed={pressed}
      title={name}
      aria-label={name}
      // Keep the selection in the text while the toolbar is used.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );
  return (
    <>
      <div className={styles.toolbar} role="toolbar" aria-label={t('editor.richText.toolbar', { label })}>
        {button(t('editor.richText.bold'), state.bold, () => editor.chain().focus().toggleBold().run(), <strong>B</strong>)}
        {button(t('editor.richText.italic'), state.italic, () => editor.chain().focus().toggleItalic().run(), <em>I</em>)}
        {button(t('editor.richText.heading'), state.heading, () => editor.chain().focus().toggleHeading({ level: 2 }).run(), 'H2')}
        {button(t('editor.richText.subheading'), state.subheading, () => editor.chain().focus().toggleHeading({ level: 3 }).run(), 'H3')}
        {button(t('editor.richText.bullets'), state.bullets, () => editor.chain().focus().toggleBulletList().run(), '• —')}
        {button(t('editor.richText.numbers'), state.numbers, () => editor.chain().focus().toggleOrderedList().run(), '1. —')}
        {button(t('editor.richText.link'), state.link || linking, () => setLinking((now) => !now), t('editor.richText.link'))}
      </div>
      {linking ? <LinkForm editor={editor} current={state.href} onDone={() => setLinking(false)} /> : null}
    </>
  );
}

/** The address of the selected text's link: typed or picked, checked by the one link rule. */
function LinkForm({ editor, current, onDone }: { editor: Editor; current: string; onDone: () => void }) {
  const t = useT();
  const partner = usePartner();
  const [href, setHref] = useState(current);
  const [tried, setTried] = useState(false);
  const id = useId();
  const problem = href.trim() ? linkProblem(href, { routes: partner.routes }) : null;
  const error =
    tried && !href.trim() ? t('editor.richText.linkEmpty') : problem ? `${t('editor.richText.linkAddress')} ${problem.message}` : null;
  const apply = (value: string) => {
    setTried(true);
    if (!value.trim() || linkProblem(value, { routes: partner.routes })) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: value.trim() }).run();
    onDone();
  };
  return (
    <div className={styles.linkForm} role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        {t('editor.richText.linkAddress')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply(href);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onDone();
            }
          }}
        />
        <LinkPicker label={t('editor.richText.linkAddress')} value={href} onPick={(picked) => setHref(picked)} />
      </div>
      {error ? (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <button type="button" className={styles.addButton} onClick={() => apply(href)}>
          {t('editor.richText.linkApply')}
        </button>
        {current ? (
          <button
            type="button"
            className={styles.addButton}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            {t('editor.richText.linkRemove')}
          </button>
        ) : null}
        <button type="button" className={styles.addButton} onClick={onDone}>
          {t('editor.linkPicker.cancel')}
        </button>
      </div>
    </div>
  );
}
