// An entry's name as the editor shows it everywhere (lists, titles, history, status line): the name
// the editor gave it with {currency}, {programName} and the other placeholders filled in the way the
// member pages fill them (the same #shared/copy.ts substitution and this partner's values), so a
// "Bonus banner: Weeknight double {currency}" reads "... double miles" for skyline.
import { useCallback } from 'react';
import { substitute, type PlaceholderValues } from '#shared/copy.ts';
import { usePartner } from './partner.tsx';

export function entryName(entry: { name?: string | null; slug: string }, placeholders: Readonly<Record<string, string>>): string {
  // The server sends every placeholder of placeholdersFor (src/shared/partner.ts).
  return substitute(entry.name || entry.slug, placeholders as PlaceholderValues);
}

/** `entryName` with the partner this editor works for. */
export function useEntryName(): (entry: { name?: string | null; slug: string }) => string {
  const { placeholders } = usePartner();
  return useCallback((entry) => entryName(entry, placeholders), [placeholders]);
}
