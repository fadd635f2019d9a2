// The visitor model every `when` condition, CMS user_state and frame variant is decided from.
import type { BlockCondition } from './generated/types.ts';

export type VisitorKind = 'anonymous' | 'cardMember' | 'nonCardMember' | 'closedAccount' | 'knownMember';
export type EnrollmentType = 'direct' | 'sso' | 'none';

export interface Visitor {
  kind: VisitorKind;
  /** Opt-in level: 0 opted out, 1 non-activated, 2 opted in, 3 VIP; null when anonymous. */
  tier: number | null;
  enrollmentType: EnrollmentType;
  /** Partner boolean settings (hasVIP, hasFlexOffers, ...). */
  flags: Readonly<Record<string, boolean>>;
  nativeApp: boolean;
  pwa: boolean;
  now: Date;
}

export interface MemberLike {
  memberType: 'EnrolledCardMember' | 'NonCardMember' | 'ClosedAccountMember';
  tierLevel: number;
}

export function visitorKindOf(member: MemberLike | null, knownMember = false): VisitorKind {
  if (!member) return knownMember ? 'knownMember' : 'anonymous';
  if (member.memberType === 'ClosedAccountMember') return 'closedAccount';
  if (member.memberType === 'NonCardMember') return 'nonCardMember';
  return 'cardMember';
}

const KIND_STATE: Record<VisitorKind, string> = {
  anonymous: 'anonymous',
  cardMember: 'card_member',
  nonCardMember: 'non_card_member',
  closedAccount: 'closed_account',
  knownMember: 'known_member',
};

/** CMS user_states of a visitor: its kind plus its tier (tier_0..tier_3). */
export function userStatesOf(visitor: Pick<Visitor, 'kind' | 'tier'>): string[] {
  const states = [KIND_STATE[visitor.kind]];
  if (visitor.tier !== null && visitor.kind !== 'anonymous') states.push(`tier_${visitor.tier}`);
  return states;
}

/** Whether a block's `when` holds for this visitor. Pure: same inputs, same answer. */
export function evaluateCondition(when: BlockCondition | undefined, visitor: Visitor): boolean {
  if (!when) return true;
  if (when.visitor && !when.visitor.includes(visitor.kind)) return false;
  if (when.tier && (visitor.tier === null || !when.tier.includes(visitor.tier))) return false;
  if (when.enrollmentType && !when.enrollmentType.includes(visitor.enrollmentType)) return false;
  if (when.flags) {
    for (const [flag, expected] of Object.entries(when.flags)) {
      // hasOwn: a flag named like an Object.prototype member ("constructor") is simply not set.
      const actual = Object.hasOwn(visitor.flags, flag) ? visitor.flags[flag] : false;
      if ((actual ?? false) !== expected) return false;
    }
  }
  if (when.userStates) {
    const states = userStatesOf(visitor);
    if (!when.userStates.some((s) => states.includes(s))) return false;
  }
  if (when.nativeApp !== undefined && when.nativeApp !== visitor.nativeApp) return false;
  if (when.pwa !== undefined && when.pwa !== visitor.pwa) return false;
  const now = visitor.now.getTime();
  if (when.from && !(now >= Date.parse(when.from))) return false;
  if (when.until && !(now < Date.parse(when.until))) return false;
  if (when.not && evaluateCondition(when.not, visitor)) return false;
  return true;
}
