// The account centre (spec 001 §2 "Account overview", "Recent activity", "Manage cards", "Profile").
export { AccountFrame } from './AccountFrame.tsx';
export { ACCOUNT_TABS, accountSignInPath } from './rules.ts';
export { watchAccountUnauthorized, accountMutationMeta } from './api/unauthorized.ts';
export { dineSummaryQuery, fetchDineSummary, useDineSummary } from './api/dine-summary.ts';
export { creditBalanceQuery, fetchCreditBalance, useCreditBalance } from './api/credit-balance.ts';
export { transactionsQuery, fetchTransactions, useTransactions } from './api/transactions.ts';
export { statementCreditActivityQuery, fetchStatementCreditActivity, useStatementCreditActivity } from './api/statement-credits.ts';
export { reviewStatusQuery, fetchReviewStatuses, useReviewStatuses } from './api/review-status.ts';
export { zipValidationQuery, fetchZipValidation } from './api/validate-zip.ts';
export { activateBonus, useActivateBonus } from './api/activate-bonus.ts';
export { deleteCard, useDeleteCard } from './api/delete-card.ts';
export { LinkedCards } from './LinkedCards.tsx';
export { AccountOverview } from './AccountOverview.tsx';
export { AccountActivity } from './AccountActivity.tsx';
export { AccountProfile } from './AccountProfile.tsx';
export { UpcomingReservations } from './UpcomingReservations.tsx';
