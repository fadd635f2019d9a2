// The partner this editor works for (the request host's), as the server inlined it.
import { createContext, useContext, type ReactNode } from 'react';
import type { EditorBootstrap } from '#shared/editor-bootstrap.ts';

type Partner = EditorBootstrap['partner'];

const PartnerContext = createContext<Partner | null>(null);

export function PartnerProvider({ partner, children }: { partner: Partner; children: ReactNode }) {
  return <PartnerContext.Provider value={partner}>{children}</PartnerContext.Provider>;
}

export function usePartner(): Partner {
  const partner = useContext(PartnerContext);
  if (!partner) throw new Error('usePartner outside PartnerProvider');
  return partner;
}
