// Card number rules of spec 001 §5: Luhn, the four type patterns, the partner's accepted types,
// and the messages the card-entry frame and the server share.

export type PartnerCardCode = 'AMEX' | 'DISC' | 'MAST' | 'VISA';
export type CardType = 'amex' | 'discover' | 'mastercard' | 'visa';

export const CARD_TYPE_OF_CODE: Record<PartnerCardCode, CardType> = {
  AMEX: 'amex',
  DISC: 'discover',
  MAST: 'mastercard',
  VISA: 'visa',
};

export const CARD_NAMES: Record<CardType, string> = {
  amex: 'American Express',
  discover: 'Discover',
  mastercard: 'Mastercard',
  visa: 'Visa',
};

/** At most 12 cards per registration, the manual card counting as one (spec 001 §9). */
export const MAX_CARDS_PER_REGISTRATION = 12;

export const EMPTY_CARD_MESSAGE = 'Please enter your credit card number.';
export const INVALID_CARD_MESSAGE = 'Please enter a valid credit card number.';
export const CARD_TERMS_MESSAGE = 'Linking a card and authorizing activity monitoring is required to complete and earn rewards.';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function luhnValid(number: string): boolean {
  if (!/^\d{2,19}$/.test(number)) return false;
  let total = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

function prefixBetween(number: string, length: number, low: number, high: number): boolean {
  const prefix = Number(number.slice(0, length));
  return number.length >= length && prefix >= low && prefix <= high;
}

/** The card type by its number's pattern, or null when it matches none. */
export function cardTypeOf(number: string): CardType | null {
  if (/^3[47]\d{13}$/.test(number)) return 'amex';
  if (/^4(\d{12}|\d{15})$/.test(number)) return 'visa';
  if (number.length === 16 && (prefixBetween(number, 2, 51, 55) || prefixBetween(number, 4, 2221, 2720))) return 'mastercard';
  if (number.length === 16 && (number.startsWith('6011') || number.startsWith('65'))) return 'discover';
  return null;
}

/** "Card must be X, Y or Z®" for the partner's accepted types, in the partner's order. */
export function cardTypeMessage(accepted: readonly PartnerCardCode[]): string {
  const names = accepted.map((code) => CARD_NAMES[CARD_TYPE_OF_CODE[code]]);
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `Card must be ${list}®`;
}

export type CardCheck = { ok: true; number: string; cardType: CardType; lastFour: string } | { ok: false; message: string };

/** Checks a typed card number against the rules and the partner's accepted types. */
export function checkCardNumber(input: string, accepted: readonly PartnerCardCode[]): CardCheck {
  const number = digitsOnly(input);
  if (!number) return { ok: false, message: EMPTY_CARD_MESSAGE };
  const cardType = cardTypeOf(number);
  const acceptedTypes = accepted.map((code) => CARD_TYPE_OF_CODE[code]);
  if (!cardType || !acceptedTypes.includes(cardType)) {
    // A number of no known pattern that fails Luhn is a typo, not a wrong brand.
    if (!cardType && !luhnValid(number)) return { ok: false, message: INVALID_CARD_MESSAGE };
    return { ok: false, message: cardTypeMessage(accepted) };
  }
  if (!luhnValid(number)) return { ok: false, message: INVALID_CARD_MESSAGE };
  return { ok: true, number, cardType, lastFour: number.slice(-4) };
}

/** Parses the frame's `types` query flag ("AMEX,VISA") into known codes, keeping order. */
export function parseCardCodes(value: string | null | undefined): PartnerCardCode[] {
  const known: PartnerCardCode[] = ['AMEX', 'DISC', 'MAST', 'VISA'];
  const codes = (value ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s): s is PartnerCardCode => (known as string[]).includes(s));
  return [...new Set(codes)];
}
