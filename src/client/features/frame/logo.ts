import type { PartnerTheme } from '#shared/generated/types.ts';

/**
 * The logo's intrinsic size as img attributes: with them the browser knows the logo's aspect ratio
 * before the file arrives, so the header keeps its layout (CSS sets the drawn height). The server
 * fills the size in from the file when the theme does not give one (src/server/partners/registry.ts).
 */
export function logoSize(logo: PartnerTheme['logo'], fallbackHeight: number): { width?: number; height: number } {
  return logo.width !== undefined && logo.height !== undefined ? { width: logo.width, height: logo.height } : { height: fallbackHeight };
}
