// Campaigns and offer copy of the demo merchants. Copy placeholders ({currency}) are substituted by
// the client with the partner's currency name, so one merchant reads right for every partner.

/** Campaign codes and the share of merchants taking part in each. */
export const CAMPAIGNS: readonly (readonly [code: string, share: number])[] = [
  ['DINE2026', 0.45],
  ['NEWMEMBER', 0.25],
  ['VIPBONUS', 0.12],
  ['WEEKNIGHT', 0.1],
  ['BRUNCHCLUB', 0.08],
];

/** A bonus line, the short tag shown with it on the merchant card, and the meal it needs. */
export const BONUS_OFFERS: readonly { text: string; tag: string; meal?: 'brunch' | 'lunch' | 'dinner' }[] = [
  { text: 'Earn 500 bonus {currency} on your first visit', tag: 'First visit bonus' },
  { text: 'Earn 250 bonus {currency} when you spend $50 or more', tag: 'Bonus offer' },
  { text: 'Earn 3X {currency} on weeknight dinners, Monday to Thursday', tag: 'Weeknights 3X', meal: 'dinner' },
  { text: 'Earn double {currency} on weekend brunch', tag: 'Brunch 2X', meal: 'brunch' },
  { text: 'Earn 200 bonus {currency} on lunch before 3 pm', tag: 'Lunch bonus', meal: 'lunch' },
  { text: 'Earn 5X {currency} during happy hour, 4 to 6 pm', tag: 'Happy hour 5X', meal: 'dinner' },
  { text: 'Earn 1,000 bonus {currency} when you dine with a party of six or more', tag: 'Group dining', meal: 'dinner' },
];

/** Tags shown on merchants without a bonus line. */
export const PLAIN_TAGS = ['Limited time', 'Member favorite', 'New on the program'];
