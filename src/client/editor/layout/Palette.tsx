// The registry's blocks with their descriptions, to add to the page. Blocks this partner's settings
// keep members from seeing are marked with the reason (they can still be added).
import { useState } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import { BLOCKS } from '../schemas.ts';
import { blockUnavailable, pageUnavailable, reasonText } from './availability.ts';
import styles from './LayoutEditor.module.css';

export function Palette({ group, onAdd, onClose }: { group: CmsContentName; onAdd: (type: string) => void; onClose: () => void }) {
  const t = useT();
  const partner = usePartner();
  const page = pageUnavailable(group, partner);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const blocks = [...BLOCKS.values()].filter(
    (b) => !needle || b.title.toLowerCase().includes(needle) || b.description.toLowerCase().includes(needle) || b.type.includes(needle),
  );
  return (
    <section className={styles.palette} aria-labelledby="palette-title">
      <div className={styles.paletteHead}>
        <h2 id="palette-title" className={styles.columnTitle}>
          {t('editor.palette.title')}
        </h2>
        <button type="button" className={styles.linkButton} onClick={onClose}>
          {t('editor.palette.close')}
        </button>
      </div>
      <label className={styles.srOnly} htmlFor="palette-filter">
        {t('editor.palette.filter')}
      </label>
      <input
        id="palette-filter"
        className={styles.search}
        type="search"
        placeholder={t('editor.palette.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className={styles.paletteList}>
        {blocks.map((block) => {
          const reason = page ?? blockUnavailable(block.type, partner);
          return (
            <li key={block.type} className={styles.paletteItem}>
              <div>
                <span className={styles.itemName}>{block.title}</span>
                <span className={styles.itemSummary}>{block.description}</span>
                {reason ? <span className={styles.hiddenReason}>{reasonText(reason, t)}</span> : null}
              </div>
              <button
                type="button"
                className={styles.smallButton}
                onClick={() => onAdd(block.type)}
                aria-label={t('editor.palette.add', { name: block.title })}
              >
                {t('editor.palette.addShort')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
