// The results map (spec 001 §2): Leaflet in its own chunk (never in the first route's JS), a marker
// per result, clustered when they crowd (leaflet.markercluster), marker and card lighting each
// other, the view remembered (spec 000 §3 "map view coordinates"), and "Search this area" once the
// visitor has moved the map. Tiles come from the partner's configuration; without tiles the map is
// a neutral background that still shows the markers.
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import L from 'leaflet';
// The plugin extends the global L that leaflet sets (it must be evaluated after leaflet).
import 'leaflet.markercluster';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { Merchant, MerchantSearchResponse } from '#shared/generated/types.ts';
import { fillTemplate } from '#shared/copy.ts';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import { readString, STORAGE_KEYS, writeString } from '#client/lib/storage.ts';
import { areaSearch } from './geo.ts';
import { updateSearchUi, useSearchUi } from './page-store.ts';
import styles from './SearchMap.module.css';
import { DEFAULT_TILE_URL } from '#shared/map-tiles.ts';

const DEFAULT_TILES = {
  tileUrl: DEFAULT_TILE_URL,
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

interface StoredView {
  latitude: number;
  longitude: number;
  zoom: number;
  /** The search this view belongs to: another search fits its own results instead. */
  query: string;
}

function readView(): StoredView | null {
  try {
    const value = JSON.parse(readString(STORAGE_KEYS.mapView) ?? 'null') as StoredView | null;
    return value && Number.isFinite(value.latitude) && Number.isFinite(value.longitude) && Number.isFinite(value.zoom) ? value : null;
  } catch {
    return null;
  }
}

const PIN =
  '<svg viewBox="0 0 24 32" width="28" height="36" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';

function pinIcon(highlighted: boolean): L.DivIcon {
  return new L.DivIcon({
    className: `${styles.pin} ${highlighted ? styles.pinHighlighted : ''}`,
    html: PIN,
    iconSize: [28, 36],
    iconAnchor: [14, 36],
  });
}

/** A settled view, rounded so sub-pixel differences do not count as a move. */
function viewKey(map: L.Map): string {
  const centre = map.getCenter();
  return `${centre.lat.toFixed(5)},${centre.lng.toFixed(5)},${map.getZoom()}`;
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  return new L.DivIcon({
    className: styles.cluster,
    html: `<span>${count}</span>`,
    iconSize: [40, 40],
  });
}

interface MarkersProps {
  merchants: Merchant[];
  /** The search the merchants belong to; null while the next search loads (nothing to fit yet). */
  query: string | null;
  origin: MerchantSearchResponse['origin'] | null;
  onUserMove: () => void;
  /** Set by "search this area": the view is the visitor's, so the next results do not refit it. */
  keepView: React.RefObject<boolean>;
  clusterLabel: (count: number) => string;
  mapLabel: string;
}

function Markers({ merchants, query, origin, onUserMove, keepView, clusterLabel, mapLabel }: MarkersProps) {
  const map = useMap();
  const { hoveredId, selectedId } = useSearchUi();
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  // The view this component last set: a settled view that differs from it is the visitor's doing.
  const ownView = useRef<string | null>(null);
  const fitting = useRef(false);
  const fittedFor = useRef<string | null>(null);

  // Cluster group once; a user's move (not ours) offers "search this area"; every settled view is remembered.
  useEffect(() => {
    const clusters = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48, iconCreateFunction: clusterIcon });
    group.current = clusters;
    const byId = markers.current;
    map.addLayer(clusters);
    const onMoveEnd = () => {
      const centre = map.getCenter();
      writeString(
        STORAGE_KEYS.mapView,
        JSON.stringify({ latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom(), query: fittedFor.current ?? query }),
      );
      if (!fitting.current && viewKey(map) !== ownView.current) onUserMove();
    };
    ownView.current = viewKey(map);
    map.on('moveend', onMoveEnd);
    // A tap on the map itself (not a marker) closes the phone's restaurant card, as maps do.
    const onMapClick = () => updateSearchUi({ mapCardOpen: false });
    map.on('click', onMapClick);
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', mapLabel);
    // Cluster bubbles are Leaflet markers (focusable buttons): give each a name for screen readers.
    const pane = map.getPane('markerPane');
    const observer = new MutationObserver(() => {
      pane?.querySelectorAll<HTMLElement>(`.${styles.cluster}`).forEach((el) => {
        const label = clusterLabel(Number(el.textContent ?? '0'));
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      });
    });
    if (pane) observer.observe(pane, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      map.off('moveend', onMoveEnd);
      map.off('click', onMapClick);
      map.removeLayer(clusters);
      group.current = null;
      byId.clear();
    };
    // The map instance lives as long as this component; query only labels stored views.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  // Markers for the results; a new search fits its results (unless the view is the visitor's own).
  useEffect(() => {
    const clusters = group.current;
    if (!clusters) return;
    clusters.clearLayers();
    markers.current.clear();
    for (const merchant of merchants) {
      const marker = L.marker([merchant.location.latitude, merchant.location.longitude], {
        icon: pinIcon(false),
        title: merchant.name,
        alt: merchant.name,
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => updateSearchUi({ selectedId: merchant.id, mapCardOpen: true }));
      marker.on('mouseover', () => updateSearchUi({ hoveredId: merchant.id }));
      marker.on('mouseout', () => updateSearchUi({ hoveredId: null }));
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', merchant.name));
      markers.current.set(merchant.id, marker);
      clusters.addLayer(marker);
    }
    if (query === null || fittedFor.current === query) return;
    fittedFor.current = query;
    if (keepView.current) {
      keepView.current = false;
      ownView.current = viewKey(map);
      const centre = map.getCenter();
      writeString(STORAGE_KEYS.mapView, JSON.stringify({ latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom(), query }));
      return;
    }
    const stored = readView();
    fitting.current = true;
    if (stored && stored.query === query) {
      map.setView([stored.latitude, stored.longitude], stored.zoom, { animate: false });
    } else if (merchants.length > 0) {
      const bounds = L.latLngBounds(merchants.map((m) => [m.location.latitude, m.location.longitude] as [number, number]));
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15, animate: false });
    } else if (origin) {
      map.setView([origin.latitude, origin.longitude], 12, { animate: false });
    }
    fitting.current = false;
    ownView.current = viewKey(map);
  }, [merchants, query, origin, map, keepView]);

  // The lit merchant (hovered card or picked marker) gets the highlighted pin, on top.
  useEffect(() => {
    const lit = hoveredId ?? selectedId;
    for (const [id, marker] of markers.current) {
      const on = id === lit;
      marker.setIcon(pinIcon(on));
      marker.setZIndexOffset(on ? 1000 : 0);
      marker.getElement()?.setAttribute('aria-label', marker.options.title ?? '');
    }
  }, [hoveredId, selectedId, merchants]);

  return null;
}

export interface SearchMapProps {
  merchants: Merchant[];
  query: string | null;
  origin: MerchantSearchResponse['origin'] | null;
  onSearchArea: (area: { location: string; distance: number }) => void;
}

export default function SearchMap({ merchants, query, origin, onSearchArea }: SearchMapProps) {
  const copy = useCopy();
  const partner = usePartner();
  const tiles = partner.config.map ?? DEFAULT_TILES;
  const [moved, setMoved] = useState(false);
  const mapRef = useRef<L.Map | null>(null);
  const keepView = useRef(false);
  const initial = useRef(readView());
  const start = initial.current ?? (origin ? { ...origin, zoom: 12 } : { latitude: 40.7577, longitude: -73.9857, zoom: 12 });

  // A new search (typed, filtered, or this area's) settles the view: the button goes away.
  useEffect(() => {
    if (query !== null) setMoved(false);
  }, [query]);

  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const b = map.getBounds();
    const area = areaSearch({ north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() });
    keepView.current = true;
    onSearchArea(area);
    setMoved(false);
  };

  return (
    <div className={styles.wrap}>
      <MapContainer
        ref={mapRef}
        className={styles.map}
        center={[start.latitude, start.longitude]}
        zoom={start.zoom}
        scrollWheelZoom={false}
      >
        <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} />
        <Markers
          merchants={merchants}
          query={query}
          origin={origin}
          keepView={keepView}
          onUserMove={() => setMoved(true)}
          clusterLabel={(count) => fillTemplate(copy('search.results.count', '{count} restaurants'), { count })}
          mapLabel={copy('search.map.label', 'Map of restaurants in your search')}
        />
      </MapContainer>
      {moved && (
        <button type="button" className={styles.searchArea} onClick={searchArea}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              d="M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
            <path
              d="M18 3v4h-4M6 21v-4h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {copy('search.searchThisArea', 'Search this area')}
        </button>
      )}
    </div>
  );
}
