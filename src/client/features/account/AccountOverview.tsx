// Account Overview (spec 001 §2 "Account overview", §4 bonus and dining progress, §8, §9): the
// status summary, the referral card and link groups of the CMS account_center group, and the bonus
// banners. An activation is remembered in this browser for 35 minutes and shows as Activated in
// that time whatever the server says (its answer may lag behind the activation).
import { useMemo, useRef, useState } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { CmsAccountCenterFields, Member } from '#shared/generated/types.ts';
import { fillTemplate, substitute } from '#shared/copy.ts';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { useMemberChanged } from '#client/features/session/index.ts';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { hasImage, ResponsiveImage } from '#client/ui/ResponsiveImage.tsx';
import { readString, writeString } from '#client/lib/storage.ts';
import { useToast } from '#client/ui/toast/index.ts';
import { useCmsEntries, useCopy, useMember, usePartner, useRuntime, useVisitor } from '#client/runtime/index.tsx';
import { userStatesOf } from '#shared/visitor.ts';
import { linksOffered } from '#shared/content-features.ts';
import { useActivateBonus } from './api/activate-bonus.ts';
import { useDineSummary } from './api/dine-summary.ts';
import { isUnauthorized } from './api/unauthorized.ts';
import {
  bonusBanners,
  formatRewards,
  liveMemory,
  membershipKind,
  progressStage,
  referralLink,
  rememberActivation,
  specialBonuses,
  targetYear,
  twoDecimals,
  visitMeter,
  vipThroughYear,
  type BonusBanner,
  type BonusMemory,
} from './overview.ts';
import styles from './AccountOverview.module.css';
import { CheckIcon } from '#client/ui/icons.tsx';

/** localStorage: public id -> code -> when it was activated here (ms). */
export const BONUS_MEMORY_KEY = 'mb.bonusEnrollments';

const EARN_RATE_FALLBACK: Record<0 | 2 | 3, string> = {
  0: 'Earn {earnRateTier0}',
  2: 'Earn {earnRateTier2}',
  3: 'Earn {earnRateTier3}',
};

/**
 * A member without a card (never linked, or closed by deleting the last one) earns nothing until a
 * card is linked: their overview leads with linking one and offers nothing they cannot use.
 */
function isCardless(kind: string): boolean {
  return kind === 'nonCardMember' || kind === 'closedAccount';
}

function StatusSummary({ member, cardless }: { member: Member; cardless: boolean }) {
  const copy = useCopy();
  const { config } = usePartner();
  const now = new Date();
  const progress = cardless ? undefined : member.diningProgress;
  // A tier-3 member of a partner without a VIP programme earns at the highest level it has (tier 2).
  const kind = membershipKind(member.tierLevel, config.hasVIP);
  const summary = useDineSummary(config.currencyType === 'Credit' && !cardless);
  const earnTier = kind === 'vip' ? 3 : kind === 'optedIn' ? 2 : 0;
  const membership =
    kind === 'vip'
      ? fillTemplate(copy('account.overview.membership.vip', 'VIP Member through {year}'), { year: vipThroughYear(progress, now) })
      : kind === 'optedIn'
        ? copy('account.overview.membership.optedIn', 'Select Member')
        : copy('account.overview.membership.optedOut', 'Member');
  const membershipNote =
    kind === 'optedOut' && !cardless
      ? copy('account.overview.membership.optedOutNote', 'Opt in to emails in your profile to become a Select Member and earn more.')
      : null;

  const ytd = config.currencyType === 'Credit' ? summary.data?.currentYearBenefits : progress?.ytdMilesOrDollars;
  const stage = progress ? progressStage(progress) : null;
  const meter = progress ? visitMeter(progress) : null;
  const year = progress ? targetYear(progress, now) : now.getFullYear();

  return (
    <section className={styles.card} aria-labelledby="account-status-title">
      <div className={styles.statusHead}>
        <h2 id="account-status-title" className={styles.cardTitle}>
          {copy('account.overview.status.title', 'Your status')}
        </h2>
        {config.hasVIP && stage === 'renewing' && (
          <span className={styles.chip}>{copy('account.overview.progress.renewing', 'Renewing')}</span>
        )}
        {config.hasVIP && stage === 'complete' && (
          <span className={`${styles.chip} ${styles.chipDone}`}>{copy('account.overview.progress.complete', 'Complete')}</span>
        )}
      </div>
      <p className={styles.membership}>{membership}</p>
      {membershipNote && (
        <p className={styles.note}>
          <Link to="/account/user_profile">{membershipNote}</Link>
        </p>
      )}
      {config.showEarnRate && (
        <p className={styles.earning}>
          {cardless && <>{copy('account.overview.earning.onceLinked', 'With a linked card:')} </>}
          <CopyText text={copy(`merchantCard.earnRate.tier${earnTier}`, EARN_RATE_FALLBACK[earnTier])} />{' '}
          {copy('account.overview.earning.suffix', 'at participating restaurants')}
        </p>
      )}

      <dl className={styles.stats}>
        {config.hasVIP && progress && meter && stage !== 'complete' && (
          <div className={styles.stat}>
            <dt className={styles.statLabel}>
              {fillTemplate(copy('account.overview.progress.label', 'Visits toward VIP for {year}'), { year })}
            </dt>
            <dd className={styles.statValue}>
              <span
                className={styles.meter}
                role="meter"
                aria-valuemin={0}
                aria-valuemax={meter.max}
                aria-valuenow={meter.filled}
                aria-label={fillTemplate(copy('account.overview.progress.meter', '{filled} of {max} visits'), meter)}
              >
                {Array.from({ length: meter.max }, (_, i) => (
                  <span key={i} className={`${styles.square} ${i < meter.filled ? styles.filled : ''}`} />
                ))}
              </span>
              <span className={styles.away}>
                {progress.remainingDollars > 0
                  ? fillTemplate(copy('account.overview.progress.away', '{dines} dines or ${dollars} away from VIP'), {
                      dines: progress.remainingDines,
                      dollars: twoDecimals(progress.remainingDollars),
                    })
                  : fillTemplate(copy('account.overview.progress.awayDines', '{dines} dines away from VIP'), {
                      dines: progress.remainingDines,
                    })}
              </span>
            </dd>
          </div>
        )}
        {config.hasVIP && stage === 'complete' && (
          <div className={styles.stat}>
            <dt className={styles.statLabel}>{copy('account.overview.progress.completeLabel', 'VIP status')}</dt>
            <dd className={styles.statValue}>
              {fillTemplate(copy('account.overview.progress.completeText', 'You have qualified for VIP for {year}.'), { year })}
            </dd>
          </div>
        )}
        {!cardless && (
          <div className={styles.stat}>
            <dt className={styles.statLabel}>
              {fillTemplate(copy('account.overview.ytd.label', 'Rewards earned in {year}'), { year: now.getFullYear() })}
            </dt>
            <dd className={`${styles.statValue} ${styles.big}`}>
              {ytd === undefined ? (
                '–'
              ) : (
                <span className={styles.amount}>
                  <span>{formatRewards(config.currencyType, ytd)}</span>
                  {/* Miles and points read as a bare number otherwise; dollars carry their sign. */}
                  {config.currencyType !== 'Dollar' && config.currencyType !== 'Credit' && (
                    <span className={styles.unit}>{config.currencyName}</span>
                  )}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** A member who never linked a card: the overview leads with linking one (enrolment step 2). */
function LinkCardCallout() {
  const copy = useCopy();
  return (
    <section className={`${styles.card} ${styles.callout}`} aria-labelledby="account-link-card-title">
      <h2 id="account-link-card-title" className={styles.cardTitle}>
        {copy('account.overview.linkCard.title', 'Link a card to start earning')}
      </h2>
      <p>
        {copy(
          'account.overview.linkCard.text',
          'You have no linked card yet. Link the card you dine with and your next meal at a participating restaurant earns {currency}.',
        )}
      </p>
      <p>
        <Link className={styles.primary} to="/add_card">
          {copy('account.overview.linkCard.cta', 'Link a card')}
        </Link>
      </p>
    </section>
  );
}

function ReferralCard({ member, fields }: { member: Member; fields: CmsAccountCenterFields['referral_link'] }) {
  const copy = useCopy();
  const toast = useToast();
  const { placeholders } = useRuntime();
  const input = useRef<HTMLInputElement>(null);
  const link = referralLink(window.location.origin, member.publicId);

  const copied = () =>
    toast.show({ kind: 'success', message: copy('account.overview.referral.copied', 'Your referral link has been copied.') });
  const onCopy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(link);
      copied();
    } catch {
      // No async clipboard (an older browser, or permission refused): copy the selected text.
      if (document.execCommand('copy')) copied();
    }
  };

  return (
    <section className={`${styles.card} ${styles.referral}`} aria-labelledby="account-referral-title">
      <h2 id="account-referral-title" className={styles.cardTitle}>
        {substitute(fields.title, placeholders)}
      </h2>
      <CmsHtml html={substitute(fields.description, placeholders)} className={styles.referralText} />
      <div className={styles.referralRow}>
        <label className="visually-hidden" htmlFor="account-referral-link">
          {copy('account.overview.referral.label', 'Your referral link')}
        </label>
        <input
          id="account-referral-link"
          ref={input}
          className={styles.referralInput}
          type="text"
          readOnly
          value={link}
          onClick={() => void onCopy()}
        />
        <button type="button" className={styles.primary} onClick={() => void onCopy()}>
          {copy('account.overview.referral.copy', 'Copy link')}
        </button>
      </div>
    </section>
  );
}

function LinkGroups({ groups }: { groups: NonNullable<CmsAccountCenterFields['link_groups']> }) {
  const { placeholders } = useRuntime();
  return (
    <div className={styles.linkGroups}>
      {groups.map((group, i) => (
        <nav key={i} className={styles.linkGroup} aria-labelledby={`account-links-${i}`}>
          <h2 id={`account-links-${i}`} className={styles.linkGroupTitle}>
            {substitute(group.title, placeholders)}
          </h2>
          <ul className={styles.links}>
            {group.links.map((item, j) => {
              const href = safeCmsUrl(item.url);
              if (!href) return null;
              const text = substitute(item.text, placeholders);
              return <li key={j}>{href.startsWith('/') ? <Link to={href}>{text}</Link> : <a href={href}>{text}</a>}</li>;
            })}
          </ul>
        </nav>
      ))}
    </div>
  );
}

function bannerText(banner: BonusBanner, type: 'title' | 'body_text'): string {
  const item = banner.fields?.banner_text?.find((b) => b.type === type);
  return item?.fields.text_desktop ?? item?.fields.text_mobile ?? '';
}

function BonusCard({ banner, busy, onActivate }: { banner: BonusBanner; busy: boolean; onActivate?: () => void }) {
  const copy = useCopy();
  const { config } = usePartner();
  const { placeholders } = useRuntime();
  const title = substitute(bannerText(banner, 'title') || copy('account.overview.bonus.defaultTitle', 'Bonus offer'), placeholders);
  const body = substitute(bannerText(banner, 'body_text') || banner.bonus.description, placeholders);
  const image = banner.fields?.image;
  return (
    <li className={`${styles.bonus} ${banner.activated ? styles.bonusActivated : ''}`} data-bonus-code={banner.bonus.code}>
      {hasImage(image) && (
        <ResponsiveImage image={image} className={styles.bonusImage} sizes="160px" width={120} height={80} loading="lazy" />
      )}
      <div className={styles.bonusText}>
        <h3 className={styles.bonusTitle}>
          <CopyText text={title} />
        </h3>
        {body && (
          <p className={styles.bonusBody}>
            <CopyText text={body} />
          </p>
        )}
      </div>
      <div className={styles.bonusAction}>
        {banner.activated ? (
          <span className={styles.activatedTag}>
            <CheckIcon />
            {banner.bonus.bonusStatus === 'Qualified'
              ? copy('account.overview.bonus.qualified', 'Earned')
              : copy('account.overview.bonus.activatedTag', 'Activated')}
          </span>
        ) : banner.appOnly ? (
          <div className={styles.appOnly}>
            <p className={styles.appText}>
              {substitute(
                banner.fields?.app_text || copy('account.overview.bonus.appOnly', 'Activate this bonus in our app.'),
                placeholders,
              )}
            </p>
            <div className={styles.stores}>
              <a className={styles.store} href={config.appStores.ios} target="_blank" rel="noopener noreferrer">
                {copy('account.overview.bonus.appStore', 'App Store')}
                <span className="visually-hidden"> {copy('account.overview.newTab', '(opens in a new tab)')}</span>
              </a>
              <a className={styles.store} href={config.appStores.android} target="_blank" rel="noopener noreferrer">
                {copy('account.overview.bonus.googlePlay', 'Google Play')}
                <span className="visually-hidden"> {copy('account.overview.newTab', '(opens in a new tab)')}</span>
              </a>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            aria-label={fillTemplate(copy('account.overview.bonus.activateLabel', 'Activate {title}'), { title })}
            onClick={onActivate}
          >
            {busy ? copy('account.overview.bonus.activating', 'Activating…') : copy('account.overview.bonus.activate', 'Activate')}
          </button>
        )}
      </div>
    </li>
  );
}

function BonusList({ member }: { member: Member }) {
  const copy = useCopy();
  const toast = useToast();
  const memberChanged = useMemberChanged();
  const { config } = usePartner();
  const homeEntries = useCmsEntries('home');
  const visitor = useVisitor();
  const activate = useActivateBonus();
  const [memory, setMemory] = useState<BonusMemory>(() => liveMemory(readString(BONUS_MEMORY_KEY), member.publicId, Date.now()));
  const [pending, setPending] = useState<string | null>(null);

  const { available, activated } = useMemo(() => {
    const now = new Date();
    const bonuses = [...(member.activeBonuses ?? []), ...specialBonuses(member, config, now)];
    return bonusBanners(bonuses, homeEntries, memory, now, userStatesOf(visitor));
  }, [member, config, homeEntries, memory, visitor]);

  const onActivate = (code: string) => {
    setPending(code);
    activate.mutate(code, {
      onSuccess: () => {
        const stored = rememberActivation(readString(BONUS_MEMORY_KEY), member.publicId, code, Date.now());
        writeString(BONUS_MEMORY_KEY, stored);
        setMemory(liveMemory(stored, member.publicId, Date.now()));
        toast.show({ kind: 'success', message: copy('account.overview.bonus.activated', 'Registered for bonus.') });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast.show({ kind: 'error', message: copy('account.overview.bonus.failed', 'Something went wrong, please refresh you browser.') });
        void memberChanged();
      },
      onSettled: () => setPending(null),
    });
  };

  if (available.length === 0 && activated.length === 0) return null;
  return (
    <div className={styles.bonuses}>
      {available.length > 0 && (
        <section aria-labelledby="account-bonus-available">
          <h2 id="account-bonus-available" className={styles.sectionTitle}>
            {copy('account.overview.bonus.available', 'Available')}
          </h2>
          <ul className={styles.bonusList}>
            {available.map((banner) => (
              <BonusCard
                key={banner.bonus.code}
                banner={banner}
                busy={pending === banner.bonus.code}
                onActivate={() => onActivate(banner.bonus.code)}
              />
            ))}
          </ul>
        </section>
      )}
      {activated.length > 0 && (
        <section aria-labelledby="account-bonus-activated">
          <h2 id="account-bonus-activated" className={styles.sectionTitle}>
            {copy('account.overview.bonus.activatedTitle', 'Activated')}
          </h2>
          <ul className={styles.bonusList}>
            {activated.map((banner) => (
              <BonusCard key={banner.bonus.code} banner={banner} busy={false} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function AccountOverview() {
  const member = useMember();
  const visitor = useVisitor();
  const center = useCmsEntries('account_center')[0];
  const earnDetails = useCmsEntries('earn_details');
  if (!member) return null;
  const fields = center?.fields as Partial<CmsAccountCenterFields> | undefined;
  const referral = fields?.referral_link;
  // A closed account earns nothing until it re-enrols: its link groups keep what explains earning and
  // drop links about VIP status and earning bonuses (a group left empty goes).
  const groups = (Array.isArray(fields?.link_groups) ? fields.link_groups : [])
    .map((group) => ({ ...group, links: [...linksOffered(group.links, visitor.kind === 'closedAccount', earnDetails)] }))
    .filter((group) => group.links.length > 0);
  // Without a card there is nothing to refer, activate or progress towards: a closed account's page
  // leads with re-enrolment (its own block above this one), a non-card member's with linking a card.
  const cardless = isCardless(visitor.kind);
  return (
    <div className="container">
      <div className={styles.page}>
        {visitor.kind === 'nonCardMember' && <LinkCardCallout />}
        <div className={styles.top}>
          <StatusSummary member={member} cardless={cardless} />
          {!cardless && referral?.is_enabled && <ReferralCard member={member} fields={referral} />}
        </div>
        {!cardless && <BonusList member={member} />}
        {groups.length > 0 && <LinkGroups groups={groups} />}
      </div>
    </div>
  );
}
