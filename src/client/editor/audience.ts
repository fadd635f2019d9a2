// The outline's "who sees it" for a block, from the one audience rule (#shared/audience.ts): a banner's
// block `when` and its entry's user_states together, in words, with a note where the two disagree.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { notifyManager, QueriesObserver, useQueryClient, type QueryObserverOptions, type QueryObserverResult } from '@tanstack/react-query';
import type { BlockCondition, CmsEditorEntry } from '#shared/generated/types.ts';
import { referencedEntries } from '#shared/page-entries.ts';
import type { EnrollmentType } from '#shared/visitor.ts';
import { entryQuery } from './api/entries.ts';
import type { Layout } from './layout/model.ts';
import { statesSeeing, audienceConflict, AUDIENCE_STATES, type AudienceContext, type AudienceState } from '#shared/audience.ts';
import type { Translate } from './copy.tsx';
import { whenSummary } from './layout/model.ts';

export interface BlockAudience {
  sentence: string;
  /** Where the block's and the entry's settings disagree, in words; null when they do not. */
  conflict: string | null;
}

/** "anonymous visitors or card members at tier 2 or 3": the member states, grouped by kind. */
export function whoOf(states: readonly AudienceState[], t: Translate): string {
  const or = (words: string[]) =>
    words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${t('editor.when.or')} ${words.at(-1)}`;
  const kinds: string[] = [];
  const has = (kind: string) => states.some((s) => s.visitor.kind === kind);
  if (has('anonymous')) kinds.push(t('editor.visitor.anonymous'));
  if (has('cardMember')) {
    const tiers = states.filter((s) => s.visitor.kind === 'cardMember').map((s) => String(s.visitor.tier));
    const all = AUDIENCE_STATES.filter((s) => s.visitor.kind === 'cardMember').length;
    kinds.push(
      tiers.length === all
        ? t('editor.visitor.cardMember')
        : `${t('editor.visitor.cardMember')} ${t('editor.when.tier', { tiers: or(tiers) })}`,
    );
  }
  if (has('nonCardMember')) kinds.push(t('editor.visitor.nonCardMember'));
  if (has('closedAccount')) kinds.push(t('editor.visitor.closedAccount'));
  if (has('knownMember')) kinds.push(t('editor.visitor.knownMember'));
  return or(kinds);
}

/**
 * Who sees a block, in words. A block without an entry setting (userStates null) reads its `when`
 * alone; a banner reads both, over the states the preview grid shows.
 */
export function blockAudience(
  when: BlockCondition | undefined,
  userStates: readonly string[] | null,
  context: AudienceContext,
  t: Translate,
): BlockAudience {
  if (userStates === null) return { sentence: whenSummary(when, t), conflict: null };
  const states = statesSeeing(when, userStates, context);
  const sentence =
    states.length === 0
      ? t('editor.audience.nobodySees')
      : states.length === AUDIENCE_STATES.length
        ? t('editor.when.everyone')
        : t('editor.when.shownTo', { who: whoOf(states, t) });
  const conflict = audienceConflict(when, userStates, context);
  if (!conflict) return { sentence, conflict: null };
  const block = whoOf(statesSeeing(when, null, context), t);
  const entry = whoOf(statesSeeing(undefined, userStates, context), t);
  return { sentence, conflict: t(`editor.audience.conflict.${conflict}`, { block, entry }) };
}

type Block = NonNullable<Layout['blocks'][string]>;
type EntryRef = ReturnType<typeof referencedEntries>[number];

// By block object (an immer edit keeps the blocks it did not touch): a keystroke on a 200-block page
// looks up the unchanged blocks instead of working out each one's entry and audience again.
const bannerRefs = new WeakMap<Block, EntryRef | null>();
const audiences = new WeakMap<Block, { fields: unknown; context: AudienceContext; t: Translate; audience: BlockAudience }>();

function bannerRef(id: string, block: Block): EntryRef | null {
  let ref = bannerRefs.get(block);
  if (ref === undefined) {
    ref = referencedEntries({ blocks: { [id]: block }, order: [id] })[0] ?? null;
    bannerRefs.set(block, ref);
  }
  return ref;
}

/** A banner entry's member states (null: it names none). */
export function entryUserStates(fields: { user_states?: unknown }): string[] | null {
  return Array.isArray(fields.user_states) ? fields.user_states.filter((s): s is string => typeof s === 'string') : null;
}

/** What an audience is worked out against: this partner's settings at this time. */
export function audienceContext(partner: { enrollmentType: string; flags: Readonly<Record<string, boolean>> }, now: Date): AudienceContext {
  return { enrollmentType: partner.enrollmentType as EnrollmentType, flags: partner.flags, now };
}

function audienceOf(block: Block, fields: { user_states?: unknown }, context: AudienceContext, t: Translate): BlockAudience {
  const kept = audiences.get(block);
  if (kept && kept.fields === fields && kept.context === context && kept.t === t) return kept.audience;
  const audience = blockAudience(block.when, entryUserStates(fields) ?? [], context, t);
  audiences.set(block, { fields, context, t, audience });
  return audience;
}

type BannerRefs = ReadonlyArray<{ id: string; ref: EntryRef }>;

function sameBanners(a: BannerRefs, b: BannerRefs): boolean {
  return (
    a.length === b.length &&
    a.every((banner, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        banner.id === other.id &&
        banner.ref.contentName === other.ref.contentName &&
        banner.ref.slug === other.ref.slug
      );
    })
  );
}

/**
 * The banners' entries, as `useQueries` would give them, but its observers are set only when the
 * list of banners changes: `useQueries` sets them (hashing every query's key) on every render, and
 * the layout editor renders on every keystroke (a 200-block page has 66 banners).
 */
function useEntryQueries(banners: BannerRefs): QueryObserverResult<CmsEditorEntry>[] {
  const client = useQueryClient();
  const queries = useMemo(
    () =>
      banners.map(
        ({ ref }): QueryObserverOptions => client.defaultQueryOptions(entryQuery(ref.contentName, ref.slug)) as QueryObserverOptions,
      ),
    [banners, client],
  );
  const [observer] = useState(() => new QueriesObserver(client, queries));
  const observed = useRef(queries);
  useLayoutEffect(() => {
    if (observed.current === queries) return;
    observer.setQueries(queries);
    observed.current = queries;
  }, [observer, queries]);
  const subscribe = useCallback((changed: () => void) => observer.subscribe(notifyManager.batchCalls(changed)), [observer]);
  const current = useSyncExternalStore(subscribe, () => observer.getCurrentResult());
  // In the render where the banners changed, the results of the new list (the observer follows it
  // once committed).
  const results = observed.current === queries ? current : observer.getOptimisticResult(queries, undefined)[0];
  return results as QueryObserverResult<CmsEditorEntry>[];
}

/**
 * Who sees each block of a layout, by block id: banners read their entry's user_states (the draft
 * being edited, else the live version), loaded like any entry the editor shows.
 */
export function useBlockAudiences(
  layout: Layout,
  partner: { enrollmentType: string; flags: Readonly<Record<string, boolean>> },
  t: Translate,
): ReadonlyMap<string, BlockAudience> {
  const found = useMemo(
    () =>
      layout.order.flatMap((id) => {
        const block = layout.blocks[id];
        if (block?.type !== 'cms-banner') return [];
        const ref = bannerRef(id, block);
        return ref ? [{ id, ref }] : [];
      }),
    [layout],
  );
  // The same list while no banner (its id, place or entry) changes: a keystroke in another block
  // gives a new layout, and a new list would set the observers of every banner's entry again.
  const kept = useRef(found);
  if (kept.current !== found && !sameBanners(kept.current, found)) kept.current = found;
  const banners = kept.current;
  const entries = useEntryQueries(banners);
  const fieldsKey = entries.map((e) => e.dataUpdatedAt).join(',');
  // "until 31 Dec" turns true while the editor is open: the clock the audiences read moves each minute.
  const minute = Math.floor(Date.now() / 60_000);
  const context = useMemo(() => audienceContext(partner, new Date(minute * 60_000)), [partner, minute]);
  return useMemo(() => {
    const result = new Map<string, BlockAudience>();
    banners.forEach(({ id }, i) => {
      const entry = entries[i]?.data;
      const block = layout.blocks[id];
      if (!entry || !block) return;
      const fields = (entry.draft ?? entry.published ?? {}) as { user_states?: unknown };
      result.set(id, audienceOf(block, fields, context, t));
    });
    return result;
    // `entries` is a new array every render; the data's update times say when it changed.
  }, [banners, fieldsKey, layout, context, t]);
}
