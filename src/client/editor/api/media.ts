// The media library through the editor API (src/server/routes/media-library.ts): list, details,
// change, delete, and uploads with progress (XMLHttpRequest: fetch cannot report upload progress).
// Every write carries the CSRF token; an upload refused for a stale token fetches a fresh one and
// is sent once more, like apiFetch's writes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, getCsrfToken, HttpError, setCsrfToken } from '#client/api/http.ts';
import type {
  CsrfResponse,
  MediaAsset,
  MediaAssetDetail,
  MediaAssetList,
  MediaAssetUpdate,
  MediaImageRef,
  MediaUploadResult,
} from '#shared/generated/types.ts';

export type UsedFilter = 'all' | 'used' | 'unused';
export type SortOrder = 'newest' | 'oldest';

export interface LibraryQuery {
  q: string;
  used: UsedFilter;
  sort: SortOrder;
}

export const mediaKey = ['editor', 'media'] as const;

export const libraryQuery = ({ q, used, sort }: LibraryQuery) =>
  queryOptions({
    queryKey: [...mediaKey, 'list', q, used, sort] as const,
    queryFn: () => {
      const params = new URLSearchParams({ used, sort, limit: '100' });
      if (q.trim()) params.set('q', q.trim());
      return apiFetch<MediaAssetList>(`/api/cms/editor/media?${params}`);
    },
  });
export const useLibrary = (query: LibraryQuery) => useQuery(libraryQuery(query));

export const assetQuery = (id: string) =>
  queryOptions({
    queryKey: [...mediaKey, 'asset', id] as const,
    queryFn: () => apiFetch<MediaAssetDetail>(`/api/cms/editor/media/${encodeURIComponent(id)}`),
  });
export const useAsset = (id: string | null) => useQuery({ ...assetQuery(id ?? ''), enabled: id !== null });

export const updateAsset = (id: string, change: MediaAssetUpdate) =>
  apiFetch<MediaAsset>(`/api/cms/editor/media/${encodeURIComponent(id)}`, { method: 'PATCH', json: change });

export const deleteAsset = (id: string) => apiFetch<null>(`/api/cms/editor/media/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** What an image field holds for an asset (the server fills in the same on save). */
export function imageValueOf(asset: MediaAsset): MediaImageRef {
  return {
    asset: asset.id,
    sha256: asset.sha256,
    width: asset.width,
    height: asset.height,
    widths: asset.widths,
    alt: asset.alt,
    decorative: asset.decorative,
    focal: asset.focal,
  };
}

/** A small variant for grids and fields: the narrowest of at least 320 px (WebP). */
export function thumbnailUrl(asset: Pick<MediaAsset, 'sha256' | 'widths'>, atLeast = 320): string {
  const width = asset.widths.find((w) => w >= atLeast) ?? asset.widths[asset.widths.length - 1] ?? atLeast;
  return `/media/lib/${asset.sha256}/${width}.webp`;
}

export function formatBytes(bytes: number): string {
  // An empty library uses 0 KB; any file at all at least 1 KB.
  if (bytes === 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

export interface UploadProgress {
  /** 0..1 of the bytes sent; 1 while the server makes the variants. */
  sent: number;
}

function sendFile(url: string, method: 'POST' | 'PUT', file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded / event.total });
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new HttpError(0, 'Network error', null));
    xhr.onabort = () => reject(new HttpError(0, 'Cancelled', null));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one file (a new asset, or `replace` for an existing one's file). Resolves with the
 * result; rejects with HttpError whose body carries the server's message naming the file.
 */
export async function uploadFile(
  file: File,
  onProgress: (p: UploadProgress) => void,
  options: { replace?: string; signal?: AbortSignal } = {},
): Promise<MediaUploadResult> {
  const url = options.replace ? `/api/cms/editor/media/${encodeURIComponent(options.replace)}/file` : '/api/cms/editor/media';
  const method = options.replace ? 'PUT' : 'POST';
  let answer = await sendFile(url, method, file, onProgress, options.signal);
  if (answer.status === 403 && (answer.body as { code?: string } | null)?.code === 'csrf') {
    setCsrfToken((await apiFetch<CsrfResponse>('/api/CSRF', { cache: 'no-store' })).csrfToken);
    answer = await sendFile(url, method, file, onProgress, options.signal);
  }
  if (answer.status < 200 || answer.status >= 300) throw new HttpError(answer.status, '', answer.body);
  return answer.body as MediaUploadResult;
}

/** The server's words for a refused call (they name the file), or null. */
export function messageOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}
