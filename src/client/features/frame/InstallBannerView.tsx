// The install banner's markup (InstallBanner.tsx decides when it shows and handles the prompt).
import { useCopy } from '#client/runtime/index.tsx';
import { ShareIcon } from './icons.tsx';
import styles from './InstallBanner.module.css';

export function InstallBannerView({ usePrompt, onLater, onInstall }: { usePrompt: boolean; onLater: () => void; onInstall: () => void }) {
  const copy = useCopy();
  return (
    <section className={styles.banner} aria-label={copy('frame.install.region', 'Install the app')}>
      <div className={`container ${styles.inner}`}>
        <p className={styles.text}>
          <strong>{copy('frame.install.title', 'Install {programName}.')}</strong>{' '}
          {usePrompt ? (
            copy('frame.install.body', 'Get to your offers faster from your home screen.')
          ) : (
            <>
              {copy('frame.install.iosTap', 'Tap the share icon')}
              <span className={styles.share}>
                <ShareIcon />
              </span>
              {copy('frame.install.iosThen', ', then Add to Home Screen.')}
            </>
          )}
        </p>
        <div className={styles.buttons}>
          <button type="button" className={styles.later} onClick={onLater}>
            {copy('frame.install.later', 'Maybe later')}
          </button>
          {usePrompt && (
            <button type="button" className={styles.install} onClick={onInstall}>
              {copy('frame.install.button', 'Install')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
