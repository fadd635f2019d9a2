// The member states the page editor counts and previews by: the visitor kinds, card members split
// by tier. The server decides a request's state from its session (impressions); the editor shows
// views per state and previews each.
import type { VisitorKind } from './visitor.ts';

export const MEMBER_STATES = ['anonymous', 'known', 'cardTier0', 'cardTier1', 'cardTier2', 'cardTier3', 'nonCard', 'closed'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

export const isMemberState = (value: unknown): value is MemberState =>
  typeof value === 'string' && (MEMBER_STATES as readonly string[]).includes(value);

/** The state of a visitor of this kind (and tier, for card members; an unknown tier counts as 0). */
export function memberStateOf(kind: VisitorKind, tier: number | null): MemberState {
  switch (kind) {
    case 'anonymous':
      return 'anonymous';
    case 'knownMember':
      return 'known';
    case 'nonCardMember':
      return 'nonCard';
    case 'closedAccount':
      return 'closed';
    case 'cardMember':
      return tier === 1 ? 'cardTier1' : tier === 2 ? 'cardTier2' : tier === 3 ? 'cardTier3' : 'cardTier0';
  }
}
