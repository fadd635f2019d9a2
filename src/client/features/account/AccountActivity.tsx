// Reviews & History (spec 001 §2 "Recent activity", §4 transaction display, §5 review rules, §8,
// §9): the missing-rewards banner, a credit partner's rewards panel, the paged activity list
// (transactions, or transactions and statement credits for credit partners) with review prompts,
// the pager, the disclaimer, and the no-results panel for an empty or failed list. The page number
// lives in the address (?page=2), so a reload or the back button keeps it.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { PartnerConfig, StatementCredit, Transaction } from '#shared/generated/types.ts';
import { fillTemplate } from '#shared/copy.ts';
import { CopyText } from '#client/ui/CopyText.tsx';
import { useCopy, useMember, usePartner, useRuntime } from '#client/runtime/index.tsx';
import { useCreditBalance } from './api/credit-balance.ts';
import { useDineSummary } from './api/dine-summary.ts';
import { useReviewStatuses } from './api/review-status.ts';
import { useStatementCreditActivity } from './api/statement-credits.ts';
import { useTransactions } from './api/transactions.ts';
import { DEFAULT_RESULTS_PER_PAGE } from './api/paging.ts';
import { canReview, isDimmed, pageWindow, payoutMax, reviewUrl, shortDate, statusOf } from './activity.ts';
import { formatRewards, twoDecimals } from './overview.ts';
import styles from './AccountActivity.module.css';

type Copy = ReturnType<typeof useCopy>;

/** Source codes (spec 000 §3) by copy key name. */
const SOURCE_NAMES: Record<Transaction['transactionTypeCode'], string> = {
  M: 'manual',
  J: 'bonusAdjustment',
  '+': 'corporate',
  A: 'adjustment',
  B: 'bonus',
  S: 'settle',
};

const CREDIT_STATUS_NAMES: Record<StatementCredit['status'], string> = {
  pending: 'pending',
  pending_received: 'pendingReceived',
  completed: 'completed',
  rejected: 'rejected',
  error: 'error',
};

function benefitText(config: PartnerConfig, amount: number): string {
  if (config.currencyType === 'Dollar' || config.currencyType === 'Credit') return `$${twoDecimals(amount)}`;
  return `${Math.round(amount).toLocaleString('en-US')} ${config.currencyName}`;
}

function StatusText({ t, copy, translated, now }: { t: Transaction; copy: Copy; translated: boolean; now: Date }) {
  const status = statusOf(t, translated, now);
  if (status.kind === 'none') return null;
  if (status.kind === 'untranslated') {
    const text = {
      expired: copy('account.activity.untranslated.expired', 'Expired'),
      pendingReview: copy('account.activity.untranslated.pendingReview', 'Pending Review'),
      reviewExpired: copy('account.activity.untranslated.reviewExpired', 'Review expired'),
    }[status.key];
    return <span className={`${styles.status} ${styles[`status_${status.key}`] ?? ''}`}>{text}</span>;
  }
  const label = {
    deferred: copy('account.activity.status.deferred', 'Not earned'),
    forfeit: copy('account.activity.status.forfeit', 'Not earned'),
    pending: copy('account.activity.status.pending', 'Processing'),
    paid: copy('account.activity.status.paid', 'Paid'),
  }[status.key];
  const note = {
    deferred: copy('account.activity.status.deferredNote', 'Allow up to two weeks, no action needed.'),
    forfeit: copy('account.activity.status.forfeitNote', 'This visit did not qualify.'),
    pending: '',
    paid: '',
  }[status.key];
  return (
    <span className={`${styles.status} ${styles[`status_${status.key}`] ?? ''}`}>
      {label}
      {status.paidAt && ` ${shortDate(status.paidAt)}`}
      {note && <span className={styles.statusNote}>{note}</span>}
    </span>
  );
}

function TransactionRow({ t, reviewed, familyId }: { t: Transaction; reviewed: boolean | undefined; familyId: string }) {
  const copy = useCopy();
  const { config } = usePartner();
  const { providersOrigin } = useRuntime();
  const now = new Date();
  const translated = copy('account.activity.statusStyle', 'translated') !== 'untranslated';
  // Unknown review status (still loading) offers no prompt rather than a wrong one.
  const reviewable = reviewed !== undefined && config.surveyFormCode !== null && canReview(t, reviewed, now);
  const dimmed = isDimmed(t);
  const details: string[] = [];
  if (t.dineAmount !== undefined)
    details.push(fillTemplate(copy('account.activity.ticket', '${amount} ticket'), { amount: twoDecimals(t.dineAmount) }));
  if (t.cardLastFour) details.push(fillTemplate(copy('account.activity.card', 'card ending in {lastFour}'), { lastFour: t.cardLastFour }));
  if (t.transactionTypeCode !== 'S' && t.transactionTypeCode !== 'M')
    details.push(copy(`account.activity.source.${SOURCE_NAMES[t.transactionTypeCode]}`, 'Bonus'));
  return (
    <li className={`${styles.row} ${dimmed ? styles.dimmed : ''}`}>
      <div className={styles.when}>
        <time dateTime={t.date}>{shortDate(t.date)}</time>
      </div>
      <div className={styles.main}>
        {t.activeMerchant ? (
          <Link className={styles.merchant} to={`/merchants/${encodeURIComponent(t.merchantId)}`}>
            {t.merchantName}
          </Link>
        ) : (
          <span className={styles.merchant}>
            {t.merchantName}
            <span className={styles.gone}> · {copy('account.activity.merchantGone', 'no longer participating')}</span>
          </span>
        )}
        {details.length > 0 && <span className={styles.details}>{details.join(' · ')}</span>}
      </div>
      <div className={styles.side}>
        <span className={styles.amount}>{benefitText(config, t.benefitAmount)}</span>
        <StatusText t={t} copy={copy} translated={translated} now={now} />
        {reviewable && (
          <a
            className={styles.review}
            href={reviewUrl(providersOrigin, config.surveyFormCode ?? '', t, familyId)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={fillTemplate(copy('account.activity.reviewLabel', 'Review {merchant} (opens in a new tab)'), {
              merchant: t.merchantName,
            })}
          >
            {copy('account.activity.review', 'Review')}
          </a>
        )}
      </div>
    </li>
  );
}

function CreditRow({ credit }: { credit: StatementCredit }) {
  const copy = useCopy();
  const statusText = copy(`account.activity.credit.status.${CREDIT_STATUS_NAMES[credit.status]}`, credit.status);
  return (
    <li className={`${styles.row} ${styles.creditRow}`}>
      <div className={styles.when}>
        <time dateTime={credit.date}>{shortDate(credit.date)}</time>
      </div>
      <div className={styles.main}>
        <span className={styles.merchant}>{copy('account.activity.credit.title', 'Statement credit')}</span>
        <span className={styles.details}>
          {fillTemplate(copy('account.activity.credit.target', 'To {target} via {processor}'), {
            target: credit.targetLabel,
            processor: credit.benefitProcessor,
          })}
        </span>
      </div>
      <div className={styles.side}>
        <span className={styles.amount}>${twoDecimals(credit.creditAmountCents / 100)}</span>
        <span className={`${styles.status} ${styles[`credit_${credit.status}`] ?? ''}`}>{statusText}</span>
      </div>
    </li>
  );
}

function CreditPanel() {
  const copy = useCopy();
  const { config } = usePartner();
  const balance = useCreditBalance();
  const summary = useDineSummary();
  const payout = copy('account.activity.credit.payout', 'A statement credit is issued each time your balance reaches $20.');
  const max = payoutMax(payout);
  const value = balance.data?.memberBalance;
  return (
    <section className={styles.panel} aria-labelledby="activity-credit-title">
      <div className={styles.panelBlock}>
        <h2 id="activity-credit-title" className={styles.panelLabel}>
          {copy('account.activity.credit.balance', 'Current balance')}
        </h2>
        <p className={styles.panelValue}>{value === undefined ? '–' : `$${twoDecimals(value)}`}</p>
        <div
          className={styles.bar}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.min(max, value ?? 0)}
          aria-label={fillTemplate(copy('account.activity.credit.progress', '${value} of ${max} toward your next statement credit'), {
            value: twoDecimals(value ?? 0),
            max: twoDecimals(max),
          })}
        >
          <span className={styles.barFill} style={{ width: `${Math.min(100, ((value ?? 0) / max) * 100)}%` }} />
        </div>
        <p className={styles.panelNote}>{payout}</p>
      </div>
      <div className={styles.panelBlock}>
        <h2 className={styles.panelLabel}>
          {fillTemplate(copy('account.activity.credit.ytd', 'Earned in {year}'), { year: new Date().getFullYear() })}
        </h2>
        <p className={styles.panelValue}>{summary.data ? formatRewards(config.currencyType, summary.data.currentYearBenefits) : '–'}</p>
        {/* Its line is there (blank) while the summary loads, so the list below does not move when it arrives. */}
        <p className={styles.panelNote}>
          {summary.data
            ? fillTemplate(copy('account.activity.credit.dines', '{dines} dines this year'), { dines: summary.data.currentYearDines })
            : '\u00a0'}
        </p>
      </div>
    </section>
  );
}

/**
 * The list while its page loads: a page of rows built like the real ones (the same row layout, bars
 * where the text will be), so the list has about its final height from the start and what is below
 * it (the disclaimer) does not jump when the rows arrive.
 */
function ActivitySkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: DEFAULT_RESULTS_PER_PAGE }, (_, i) => (
          <li key={i} className={styles.row}>
            <div className={styles.when}>
              <span className={styles.bar3} />
            </div>
            <div className={styles.main}>
              <span className={styles.merchant}>
                <span className={styles.bar8} />
              </span>
              <span className={styles.details}>
                <span className={styles.bar14} />
              </span>
            </div>
            <div className={styles.side}>
              <span className={styles.amount}>
                <span className={styles.bar5} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const copy = useCopy();
  if (total <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={copy('account.activity.pager', 'Activity pages')}>
      <p className={styles.pageOf} aria-live="polite">
        {fillTemplate(copy('account.activity.pageOf', 'Page {page} of {total}'), { page, total })}
      </p>
      <ul className={styles.pages}>
        <li>
          <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {copy('account.activity.previous', 'Previous')}
          </button>
        </li>
        {pageWindow(page, total).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`${styles.pageButton} ${styles.pageNumber}`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={fillTemplate(copy('account.activity.pageLabel', 'Page {page}'), { page: n })}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={styles.pageButton} disabled={page >= total} onClick={() => onPage(page + 1)}>
            {copy('account.activity.next', 'Next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

function NoResults() {
  const copy = useCopy();
  return (
    <div className={styles.noResults} role="status">
      <h2 className={styles.noResultsTitle}>{copy('account.activity.empty.title', 'No activity to show')}</h2>
      <p className={styles.noResultsText}>
        {copy('account.activity.empty.text', 'Dine at a participating restaurant with a linked card and your {currency} will show here.')}
      </p>
      <Link className={styles.searchButton} to="/search">
        {copy('account.activity.empty.search', 'Find a restaurant')}
      </Link>
    </div>
  );
}

function useActivity(credit: boolean, page: number) {
  const transactions = useTransactions(page, !credit);
  const combined = useStatementCreditActivity(page, credit);
  if (credit) {
    return {
      query: combined,
      rows: combined.data?.data ?? [],
      totalPages: combined.data?.totalPages ?? 0,
    };
  }
  return {
    query: transactions,
    rows: (transactions.data?.data ?? []).map((transaction) => ({ type: 'transaction' as const, transaction })),
    totalPages: transactions.data?.totalPages ?? 0,
  };
}

export function AccountActivity() {
  const copy = useCopy();
  const member = useMember();
  const { config } = usePartner();
  const credit = config.currencyType === 'Credit';
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) && requested >= 1 ? requested : 1;
  const { query, rows, totalPages } = useActivity(credit, page);
  const ids = rows.flatMap((r) => (r.type === 'transaction' ? [r.transaction.sourceTransactionId] : []));
  const reviews = useReviewStatuses(ids);
  const reviewed = new Map((reviews.data ?? []).map((r) => [r.id, r.completed]));
  const disclaimer = copy('account.activity.disclaimer', '');

  const goTo = (next: number) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { preventScrollReset: true },
    );
    document.getElementById('activity-list-title')?.scrollIntoView({ block: 'start' });
  };

  // An address past the last page (an old bookmark, activity that has aged out) shows the last
  // page rather than "no activity".
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && rows.length === 0 && page > 1 && totalPages > 0;
  useEffect(() => {
    if (!pastTheEnd) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (totalPages <= 1) updated.delete('page');
        else updated.set('page', String(totalPages));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [pastTheEnd, totalPages, setParams]);

  let list;
  if (query.isPending || pastTheEnd) {
    list = <ActivitySkeleton label={copy('account.activity.loading', 'Do not refresh, loading your activity…')} />;
  } else if (query.isError || rows.length === 0) {
    list = <NoResults />;
  } else {
    list = (
      <>
        <ul
          className={`${styles.list} ${query.isPlaceholderData ? styles.stale : ''}`}
          aria-labelledby="activity-list-title"
          aria-busy={query.isPlaceholderData || undefined}
        >
          {rows.map((row) =>
            row.type === 'transaction' ? (
              <TransactionRow
                key={`t-${row.transaction.sourceTransactionId}`}
                t={row.transaction}
                reviewed={reviews.isSuccess ? (reviewed.get(row.transaction.sourceTransactionId) ?? false) : undefined}
                familyId={member?.familyId ?? member?.publicId ?? ''}
              />
            ) : (
              <CreditRow key={`c-${row.credit.creditId}`} credit={row.credit} />
            ),
          )}
        </ul>
        <Pager page={page} total={totalPages} onPage={goTo} />
      </>
    );
  }

  return (
    <div className="container">
      <div className={styles.page}>
        <aside className={styles.missing} aria-label={copy('account.activity.missing.label', 'Missing rewards')}>
          <CopyText
            text={copy(
              'account.activity.missing.text',
              'Missing {currency}? Dines can take up to 10 days to appear. If one is still missing after more than 10 days, [contact Member Services](link:supportEmail).',
            )}
          />
        </aside>
        {credit && <CreditPanel />}
        <section className={styles.section} aria-labelledby="activity-list-title">
          <h2 id="activity-list-title" className={styles.sectionTitle}>
            {copy('account.activity.title', 'Recent activity')}
          </h2>
          {list}
        </section>
        {disclaimer && <p className={styles.disclaimer}>{disclaimer}</p>}
      </div>
    </div>
  );
}
