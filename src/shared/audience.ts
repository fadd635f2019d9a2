// Who sees a block, in one place ("one audience, one summary"). A banner block has two
// audience settings: the block's `when` (the page layout) and its entry's `user_states` (the CMS
// entry); members see it only where both let them. The editor's outline sentence, its conflict notes
// and the all-states preview grid all read the same member states and the same rules as the member
// app (evaluateCondition, userStatesOf), so they cannot disagree.
import type { BlockCondition } from './generated/types.ts';
import { evaluateCondition, userStatesOf, type EnrollmentType, type Visitor, type VisitorKind } from './visitor.ts';

/** The member states the editor previews, side by side in its grid, and sums audiences up over. */
export const AUDIENCE_STATES: ReadonlyArray<{ key: string; visitor: { kind: VisitorKind; tier: number | null } }> = [
  { key: 'anonymous', visitor: { kind: 'anonymous', tier: null } },
  { key: 'prospect', visitor: { kind: 'anonymous', tier: null } },
  { key: 'cardTier0', visitor: { kind: 'cardMember', tier: 0 } },
  { key: 'cardTier2', visitor: { kind: 'cardMember', tier: 2 } },
  { key: 'cardTier3', visitor: { kind: 'cardMember', tier: 3 } },
  { key: 'nonCard', visitor: { kind: 'nonCardMember', tier: null } },
  { key: 'closed', visitor: { kind: 'closedAccount', tier: null } },
  { key: 'known', visitor: { kind: 'knownMember', tier: null } },
];

/** What of the partner the rules read besides the member state. */
export interface AudienceContext {
  enrollmentType: EnrollmentType;
  flags: Readonly<Record<string, boolean>>;
  now: Date;
}

export type AudienceState = (typeof AUDIENCE_STATES)[number];

export function visitorFor(state: AudienceState, context: AudienceContext): Visitor {
  return { ...state.visitor, enrollmentType: context.enrollmentType, flags: context.flags, nativeApp: false, pwa: false, now: context.now };
}

/**
 * The member states that see a block: its `when` holds and, for a block showing an entry with
 * `user_states` (null: no such setting), the visitor has one of them, as the banner itself checks.
 */
export function statesSeeing(
  when: BlockCondition | undefined,
  userStates: readonly string[] | null,
  context: AudienceContext,
): AudienceState[] {
  return AUDIENCE_STATES.filter((state) => {
    const visitor = visitorFor(state, context);
    if (!evaluateCondition(when, visitor)) return false;
    return userStates === null || userStatesOf(visitor).some((s) => userStates.includes(s));
  });
}

/**
 * Where the two settings disagree: `nobody` when each lets someone see the block but together nobody
 * does; `narrowed` when both pick member states and the entry hides the block from some its `when` picked.
 */
export function audienceConflict(
  when: BlockCondition | undefined,
  userStates: readonly string[] | null,
  context: AudienceContext,
): 'nobody' | 'narrowed' | null {
  if (userStates === null) return null;
  const byBlock = statesSeeing(when, null, context);
  const byEntry = statesSeeing(undefined, userStates, context);
  const both = statesSeeing(when, userStates, context);
  if (both.length === 0 && byBlock.length > 0 && byEntry.length > 0) return 'nobody';
  // Only where the block itself picks member states (not a flag or a date alone) are there two audiences.
  if (byBlock.length < AUDIENCE_STATES.length && both.length < byBlock.length) return 'narrowed';
  return null;
}
