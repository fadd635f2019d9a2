// The small map beside the address: Leaflet through react-leaflet, loaded in its own chunk. It is a
// picture (no dragging, zoom or keyboard focus); the tile attribution sits below it, outside the image.
import 'leaflet/dist/leaflet.css';
import { DivIcon } from 'leaflet';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
// The same constant the server's CSP allows in img-src.
import { DEFAULT_TILE_URL } from '#shared/map-tiles.ts';
import styles from './MerchantDetail.module.css';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const pin = new DivIcon({
  className: styles.pin,
  html: '<svg viewBox="0 0 24 32" width="28" height="36" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [28, 36],
  iconAnchor: [14, 36],
});

export default function MerchantMap({
  latitude,
  longitude,
  label,
  tileUrl,
  attribution = ATTRIBUTION,
}: {
  latitude: number;
  longitude: number;
  label: string;
  /** From the partner's configuration (partner.json `map`). */
  tileUrl?: string;
  attribution?: string;
}) {
  return (
    <figure className={styles.mapFigure}>
      <div className={styles.map} role="img" aria-label={label}>
        <MapContainer
          center={[latitude, longitude]}
          zoom={15}
          scrollWheelZoom={false}
          dragging={false}
          zoomControl={false}
          keyboard={false}
          attributionControl={false}
          style={{ height: '100%', width: '100%' }}
        >
          <TileLayer url={tileUrl ?? DEFAULT_TILE_URL} attribution={attribution} />
          <Marker position={[latitude, longitude]} icon={pin} keyboard={false} interactive={false} />
        </MapContainer>
      </div>
      <figcaption className={styles.attribution} dangerouslySetInnerHTML={{ __html: attribution }} />
    </figure>
  );
}
