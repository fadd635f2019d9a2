// The frame's one-time notices themselves (FrameModals.tsx decides which one shows): loaded with
// the first notice a visitor gets, so pages without one carry none of this code.
import type { ReactNode } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { CmsPopupFields } from '#shared/generated/types.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { useCmsEntries, useCopy, usePartner } from '#client/runtime/index.tsx';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { FrameLink } from './FrameLink.tsx';
import { signInPath } from './rules.ts';
import { useSubstitute } from './navigation.ts';
import styles from './FrameModals.module.css';

function Actions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** partner.config.appAnnouncementModal: title, body and an optional call to action. */
export function AnnouncementModal({ onClose }: { onClose: () => void }) {
  const { config } = usePartner();
  const copy = useCopy();
  const sub = useSubstitute();
  const modal = config.appAnnouncementModal;
  if (!modal) return null;
  return (
    <Modal title={sub(modal.title)} onClose={onClose} closeLabel={copy('frame.closeDialog', 'Close')}>
      <p className={styles.body}>{sub(modal.body)}</p>
      <Actions>
        {modal.ctaText && modal.ctaUrl && (
          <FrameLink url={modal.ctaUrl} className={styles.primary} onClick={onClose}>
            {sub(modal.ctaText)}
          </FrameLink>
        )}
        <button type="button" className={modal.ctaText && modal.ctaUrl ? styles.secondary : styles.primary} onClick={onClose}>
          {copy('frame.gotIt', 'Got it')}
        </button>
      </Actions>
    </Modal>
  );
}

/**
 * The general popup (partners with generalModalType): once per type. The CMS popup entry whose
 * slug is the type supplies title and body; the body may carry the LEARN MORE link itself, and
 * then it is not repeated below it. Any link in it dismisses the popup like the button does.
 */
export function GeneralPopup({ onClose }: { onClose: () => void }) {
  const { config } = usePartner();
  const copy = useCopy();
  const sub = useSubstitute();
  const entries = useCmsEntries('popup');
  const entry = entries.find((e) => e.slug === config.generalModalType);
  const fields = entry?.fields as CmsPopupFields | undefined;
  const body = fields?.body_text ? sub(fields.body_text) : null;
  const bodyHasCta = body !== null && /href="\/earn\/this-is-big"/.test(body);
  return (
    <Modal
      title={fields?.title ? sub(fields.title) : copy('frame.generalPopup.title', 'Cha-ching! Cash back is here.')}
      onClose={onClose}
      closeLabel={copy('frame.closeDialog', 'Close')}
    >
      {body !== null ? (
        <CmsHtml className={`${styles.body} ${styles.cmsBody}`} html={body} onLinkClick={onClose} />
      ) : (
        <p className={styles.body}>
          {copy(
            'frame.generalPopup.body',
            'Now you can earn {currency} every time you dine at participating restaurants with a linked card.',
          )}
        </p>
      )}
      {!bodyHasCta && (
        <Actions>
          <Link to="/earn/this-is-big" className={styles.primary} onClick={onClose}>
            {copy('frame.generalPopup.cta', 'LEARN MORE')}
            {/* The spec's words on screen; said in full to screen readers and search engines, for
                which "learn more" alone names no destination. */}
            <span className="visually-hidden"> {copy('frame.generalPopup.ctaContext', 'about earning {currency}')}</span>
          </Link>
        </Actions>
      )}
    </Modal>
  );
}

/** The temporary notice of one sso partner (showTemporarySsoModal): once, until dismissed. */
export function TemporarySsoModal({ onClose }: { onClose: () => void }) {
  const { config } = usePartner();
  const copy = useCopy();
  return (
    <Modal
      title={copy('frame.temporarySso.title', '{programName} has a new home')}
      onClose={onClose}
      closeLabel={copy('frame.closeDialog', 'Close')}
    >
      <p className={styles.body}>
        {copy(
          'frame.temporarySso.body',
          'You now sign in to {programName} with your {partnerName} account. Sign in to see your {currency}, or join to start earning.',
        )}
      </p>
      <Actions>
        <Link to={signInPath(config.enrollmentType)} className={styles.primary} onClick={onClose}>
          {copy('frame.temporarySso.cta', 'Sign in or join')}
        </Link>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {copy('frame.notNow', 'Not now')}
        </button>
      </Actions>
    </Modal>
  );
}
