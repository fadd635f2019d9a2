// The page frame around every route. Issue 3 grows this into the full spec frame.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import styles from './Frame.module.css';

export function Frame() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <div className={styles.content}>
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
