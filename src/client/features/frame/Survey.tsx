// The survey widget itself (SurveyWidget.tsx decides whether the CMS has one; spec 000 §4): a tab
// in the corner whose header button opens the survey form (an iframe from the survey provider, 450 px
// high). Hidden off the allow list (when there is one), on the disallow list, or when seen within
// cookie_timeout days. The form also opens by itself after delay_timeout seconds. Closing, or 4 s
// after the provider reports a submission, records the last-seen time, which hides the widget.
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import type { CmsSurveyFields } from '#shared/generated/types.ts';
import { useCopy, useMember, usePartner, useRuntime } from '#client/runtime/index.tsx';
import { STORAGE_KEYS, readTimestamp, writeTimestamp } from '#client/lib/storage.ts';
import { ChevronDownIcon, CloseIcon } from './icons.tsx';
import { useSubstitute } from './navigation.ts';
import { SURVEY_DEFAULTS, isSurveySubmitted, surveyFormUrl, surveyVisible } from './survey-rules.ts';
import styles from './SurveyWidget.module.css';

export function Survey({ fields }: { fields: CmsSurveyFields }) {
  const { providersOrigin } = useRuntime();
  const partner = usePartner();
  const member = useMember();
  const copy = useCopy();
  const sub = useSubstitute();
  const text = sub(fields.text);
  const { pathname } = useLocation();
  const panelId = useId();
  const storageKey = STORAGE_KEYS.surveyLastSeen(fields.id);
  const [lastSeenAt, setLastSeenAt] = useState(() => readTimestamp(storageKey));
  const [open, setOpen] = useState(false);
  // The iframe stays mounted once opened, so collapsing keeps a half-filled form.
  const [loaded, setLoaded] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const visible = surveyVisible(pathname, {
    allow: fields.url_allow_list?.map((item) => item.url_allowed),
    disallow: fields.url_disallow_list?.map((item) => item.url_disallowed),
    cookieTimeoutDays: fields.cookie_timeout,
    lastSeenAt,
    now: Date.now(),
  });

  const markSeen = () => {
    writeTimestamp(storageKey);
    setLastSeenAt(readTimestamp(storageKey));
    setOpen(false);
  };

  // Opens by itself after delay_timeout seconds (0 = at once), once per page load.
  const delayMs = (fields.delay_timeout ?? SURVEY_DEFAULTS.delayTimeoutSeconds) * 1000;
  const [autoOpened, setAutoOpened] = useState(false);
  useEffect(() => {
    if (!visible || autoOpened) return;
    const timer = window.setTimeout(() => {
      setAutoOpened(true);
      setOpen(true);
      setLoaded(true);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [visible, autoOpened, delayMs]);

  useEffect(() => {
    if (!visible) return;
    const onMessage = (event: MessageEvent) => {
      if (isSurveySubmitted(event, providersOrigin)) setSubmitted(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [visible, providersOrigin]);

  useEffect(() => {
    if (!submitted) return;
    // The provider shows its thank-you for a moment before the widget goes away.
    const timer = window.setTimeout(() => {
      writeTimestamp(storageKey);
      setLastSeenAt(readTimestamp(storageKey));
      setOpen(false);
    }, SURVEY_DEFAULTS.closeAfterSubmitMs);
    return () => window.clearTimeout(timer);
  }, [submitted, storageKey]);

  // The docked tab covers the bottom of the page; the footer leaves room for it (Footer.module.css).
  useEffect(() => {
    if (!visible) return;
    const root = document.documentElement;
    root.style.setProperty('--survey-offset', '64px');
    return () => {
      root.style.removeProperty('--survey-offset');
    };
  }, [visible]);

  if (!visible) return null;

  const src = surveyFormUrl({
    providersOrigin,
    surveyId: fields.id,
    pathname,
    publicId: member?.publicId ?? null,
    partnerId: partner.id,
    parentOrigin: window.location.origin,
  });

  return (
    <section className={`${styles.widget} ${open ? styles.expanded : ''}`} aria-label={copy('frame.survey.region', 'Survey')}>
      <div className={styles.head}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((v) => !v);
            setLoaded(true);
            setAutoOpened(true);
          }}
        >
          <span>{text}</span>
          <span className={`${styles.chevron} ${open ? '' : styles.chevronUp}`}>
            <ChevronDownIcon />
          </span>
        </button>
        <button type="button" className={styles.close} onClick={markSeen} aria-label={copy('frame.survey.close', 'Close survey')}>
          <CloseIcon size={18} />
        </button>
      </div>
      <div id={panelId} className={styles.panel} style={{ height: SURVEY_DEFAULTS.panelHeightPx }} hidden={!open}>
        {loaded && <iframe className={styles.frame} src={src} title={text} />}
      </div>
    </section>
  );
}
