// A partner theme as CSS custom properties on :root (also used by the client when it swaps themes).
import type { PartnerTheme } from './generated/types.ts';

const SAFE = /^[#A-Za-z0-9 ,.'"()%-]*$/;

export function themeCss(theme: PartnerTheme): string {
  const vars: string[] = [];
  for (const [name, value] of Object.entries(theme.colors)) {
    vars.push(`--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`);
  }
  // Font stacks are schema-limited strings; the character check keeps CSS injection out all the same.
  if (SAFE.test(theme.font.body)) vars.push(`--font-body: ${theme.font.body};`);
  if (SAFE.test(theme.font.heading)) vars.push(`--font-heading: ${theme.font.heading};`);
  if (SAFE.test(theme.radius)) vars.push(`--radius: ${theme.radius};`);
  return `:root{${vars.join('')}}`;
}
