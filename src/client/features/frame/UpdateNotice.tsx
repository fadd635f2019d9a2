// "New Version Available" (spec 000 §2): inside a native app older than the partner's
// minimumAppVersion (useNeedsAppUpdate, Frame.tsx), the whole screen asks for an update and links to
// the device's store. Loaded only then.
import { useEffect } from 'react';
import { detectNativeApp } from '#client/lib/device.ts';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import styles from './UpdateNotice.module.css';
import { logoSize } from './logo.ts';

export function UpdateNotice() {
  const { config, theme } = usePartner();
  const copy = useCopy();
  const app = detectNativeApp(navigator.userAgent);
  const store = app?.platform === 'android' ? config.appStores.android : config.appStores.ios;
  const title = copy('frame.update.title', 'New Version Available');
  useEffect(() => {
    document.title = `${title} | ${config.programName}`;
  }, [title, config.programName]);
  return (
    <main id="main" className={styles.screen}>
      <div className={styles.card}>
        <img src={theme.logo.src} alt={theme.logo.alt} className={styles.logo} {...logoSize(theme.logo, 40)} />
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{copy('frame.update.body', 'Update now to keep using the app.')}</p>
        <a href={store} className={styles.button}>
          {copy('frame.update.button', 'Update Now')}
        </a>
      </div>
    </main>
  );
}
