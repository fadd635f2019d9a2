// The blocks that can be added to this page: those made for its kind of page (their props schema's
// `x-editor.pages`) that this partner's members can see, each with its picture and one line saying
// what members get. The new block goes where the editor chose (`where` says so).
import { useMemo, useState } from 'react';
import type { CmsContentName } from '#shared/cms.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import { BLOCKS, type BlockInfo } from '../schemas.ts';
import { blockUnavailable, type Partner } from './availability.ts';
import styles from './LayoutEditor.module.css';

/** The blocks the palette offers on a page of this group, for this partner. */
export function paletteBlocks(group: CmsContentName, partner: Partner): BlockInfo[] {
  return [...BLOCKS.values()].filter((block) => block.pages.includes(group) && !blockUnavailable(block.type, partner));
}

export function Palette({
  group,
  where,
  onAdd,
  onClose,
}: {
  group: CmsContentName;
  /** Where the block goes, in words ("at the top", "below Top rated near you"). */
  where: string;
  onAdd: (type: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const partner = usePartner();
  const offered = useMemo(() => paletteBlocks(group, partner), [group, partner]);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const blocks = offered.filter((b) => !needle || b.title.toLowerCase().includes(needle) || b.description.toLowerCase().includes(needle));
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
      <p className={styles.paletteWhere}>{where}</p>
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
        {blocks.map((block) => (
          <li key={block.type} className={styles.paletteItem}>
            {block.picture ? <img className={styles.palettePicture} src={block.picture} alt="" width={60} height={40} /> : null}
            <div className={styles.paletteText}>
              <span className={styles.itemName}>{block.title}</span>
              <span className={styles.itemSummary}>{block.description}</span>
              <button
                type="button"
                className={styles.smallButton}
                onClick={() => onAdd(block.type)}
                aria-label={t('editor.palette.add', { name: block.title })}
              >
                {t('editor.palette.addShort')}
              </button>
            </div>
          </li>
        ))}
        {blocks.length === 0 ? <li className={styles.muted}>{t('editor.palette.none')}</li> : null}
      </ul>
    </section>
  );
}
