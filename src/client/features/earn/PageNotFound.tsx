// The Not Found page's content, for a block whose route matched but whose content does not exist
// (an /earn/<slug> no CMS entry has, a legal page the CMS lacks). The layout page already renders
// <main>, so this is the same heading, text and link as the app's Not Found page without it.
import { Link } from '#client/ui/Link.tsx';
import { useCopy } from '#client/runtime/index.tsx';
import { useBlockTitle } from './content.ts';
import styles from './Earn.module.css';

export function PageNotFound() {
  const copy = useCopy();
  const title = copy('notFound.title', 'Page not found');
  useBlockTitle(title);
  return (
    <section className={styles.notFound}>
      <h1>{title}</h1>
      <p>{copy('notFound.tagline', 'The page you are looking for has moved or never existed.')}</p>
      <Link className={styles.primaryButton} to="/">
        {copy('notFound.homeLink', 'Back to home')}
      </Link>
    </section>
  );
}
