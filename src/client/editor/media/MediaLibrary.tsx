// The media library: upload (chooser, drop, paste), the storage used against the
// partner's quota, a grid searchable by name and alt text, filtered by use, sorted by date, and the
// chosen image's details. The same screen is the image fields' picker (`onUse`).
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaAsset, MediaAssetList } from '#shared/generated/types.ts';
import { useT } from '../copy.tsx';
import { formatBytes, mediaKey, thumbnailUrl, useLibrary, type SortOrder, type UsedFilter } from '../api/media.ts';
import { Uploader } from './Uploader.tsx';
import { AssetDetails } from './AssetDetails.tsx';
import styles from './Media.module.css';

const DEFAULT_MAX_UPLOAD = 10 * 1024 * 1024;

export interface MediaLibraryProps {
  /** Pick mode: the chosen image goes to the field. */
  onUse?: (asset: MediaAsset) => void;
  /** The image the field has now (selected first). */
  selected?: string | undefined;
  /** The heading level of the screen's title (1 as a page, 2 in the picker dialog). */
  headingLevel?: 1 | 2;
}

export function MediaLibrary({ onUse, selected: initial, headingLevel = 1 }: MediaLibraryProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const ids = { search: useId(), used: useId(), sort: useId(), title: useId() };
  const [q, setQ] = useState('');
  const [used, setUsed] = useState<UsedFilter>('all');
  const [sort, setSort] = useState<SortOrder>('newest');
  const [selected, setSelected] = useState<string | null>(initial ?? null);
  const library = useLibrary({ q, used, sort });
  const [storage, setStorage] = useState<MediaAssetList['storage'] | null>(null);
  const shownStorage = library.data?.storage ?? storage;
  const Title = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <div className={styles.library}>
      <div className={styles.libraryMain}>
        <div className={styles.libraryHead}>
          <div>
            <Title className={styles.title} id={ids.title}>
              {t('editor.media.title')}
            </Title>
            <p className={styles.lead}>{t(onUse ? 'editor.media.pickLead' : 'editor.media.lead')}</p>
          </div>
          {shownStorage ? (
            <div className={styles.storage}>
              <span>
                {t('editor.media.storage', { used: formatBytes(shownStorage.used_bytes), quota: formatBytes(shownStorage.quota_bytes) })}
              </span>
              <meter
                min={0}
                max={shownStorage.quota_bytes}
                value={shownStorage.used_bytes}
                high={shownStorage.quota_bytes * 0.9}
                aria-label={t('editor.media.storageLabel')}
              />
            </div>
          ) : null}
        </div>
        <Uploader
          maxBytes={shownStorage?.max_upload_bytes ?? DEFAULT_MAX_UPLOAD}
          onUploaded={(result) => {
            setStorage(result.storage);
            setSelected(result.asset.id);
            void queryClient.invalidateQueries({ queryKey: mediaKey });
          }}
        />
        <div className={styles.filters} role="search">
          <div className={styles.filter}>
            <label htmlFor={ids.search}>{t('editor.media.search')}</label>
            <input
              id={ids.search}
              className={styles.input}
              type="search"
              maxLength={200}
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
          <div className={styles.filter}>
            <label htmlFor={ids.used}>{t('editor.media.show')}</label>
            <select id={ids.used} className={styles.input} value={used} onChange={(event) => setUsed(event.target.value as UsedFilter)}>
              <option value="all">{t('editor.media.showAll')}</option>
              <option value="used">{t('editor.media.showUsed')}</option>
              <option value="unused">{t('editor.media.showUnused')}</option>
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor={ids.sort}>{t('editor.media.sort')}</label>
            <select id={ids.sort} className={styles.input} value={sort} onChange={(event) => setSort(event.target.value as SortOrder)}>
              <option value="newest">{t('editor.media.newest')}</option>
              <option value="oldest">{t('editor.media.oldest')}</option>
            </select>
          </div>
        </div>
        {library.isPending ? (
          <p role="status" className={styles.empty}>
            {t('editor.loading')}
          </p>
        ) : library.isError ? (
          <p role="alert" className={styles.empty}>
            {t('editor.loadFailed')}
          </p>
        ) : library.data.assets.length === 0 ? (
          <p className={styles.empty}>{t(q || used !== 'all' ? 'editor.media.noMatch' : 'editor.media.empty')}</p>
        ) : (
          <>
            <p className={styles.count} role="status">
              {t(library.data.total === 1 ? 'editor.media.countOne' : 'editor.media.count', { count: library.data.total })}
            </p>
            <ul className={styles.grid} aria-labelledby={ids.title}>
              {library.data.assets.map((asset) => (
                <li key={asset.id}>
                  <button
                    type="button"
                    className={`${styles.card} ${asset.id === selected ? styles.cardSelected : ''}`}
                    aria-pressed={asset.id === selected}
                    onClick={() => setSelected(asset.id)}
                  >
                    <img
                      src={thumbnailUrl(asset)}
                      alt=""
                      className={styles.cardImage}
                      loading="lazy"
                      width={asset.width}
                      height={asset.height}
                    />
                    <span className={styles.cardName}>{asset.name}</span>
                    <span className={styles.cardMeta}>
                      {asset.used_in
                        ? t(asset.used_in === 1 ? 'editor.media.usedInOne' : 'editor.media.usedIn', { count: asset.used_in })
                        : t('editor.media.unused')}
                      {!asset.decorative && !asset.alt ? <span className={styles.noAlt}> · {t('editor.media.noAlt')}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <aside className={styles.detailsPane} aria-label={t('editor.media.details')}>
        {selected ? (
          <AssetDetails key={selected} id={selected} onUse={onUse} onDeleted={() => setSelected(null)} />
        ) : (
          <p className={styles.detailsEmpty}>{t('editor.media.pickOne')}</p>
        )}
      </aside>
    </div>
  );
}

/** The library as a screen of its own (/editor/media). */
export function MediaPage() {
  return (
    <main className={styles.page} id="main">
      <MediaLibrary />
    </main>
  );
}
