// What the server hands the client at load (inlined into index.html, or GET /api/bootstrap):
// the partner, and all eleven CMS groups so content costs no extra round trip.
import type { CmsContentName } from './cms.ts';
import type { CmsPagesResponse } from './generated/types.ts';
import type { PartnerBundle } from './partner.ts';

export interface Bootstrap {
  partner: PartnerBundle;
  /** Every group the server could load; the client fetches any missing one itself. */
  cms: Partial<Record<CmsContentName, CmsPagesResponse>>;
  /** Drafts are shown (partner cmsPreview, or a signed-in editor asked for ?preview=1). */
  preview: boolean;
  /** The second origin serving the card frame, captcha, survey and sso providers. */
  providersOrigin: string;
  production: boolean;
}

export const BOOTSTRAP_ELEMENT_ID = 'mb-bootstrap';
