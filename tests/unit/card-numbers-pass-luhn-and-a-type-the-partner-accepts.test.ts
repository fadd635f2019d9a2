// Card number rules of spec 001 §5: the Luhn check, the four type patterns (amex 15 digits starting
// 34 or 37; discover starting 6011 or 65; mastercard 51-55 or 2221-2720; visa starting 4 with 13 or 16
// digits), "Card must be X, Y or Z®", "Please enter your credit card number." and the partner's
// accepted types (cardTypesAccepted: AMEX, DISC, MAST, VISA).
import { describe, expect, it } from 'vitest';
import {
  CARD_TERMS_MESSAGE,
  EMPTY_CARD_MESSAGE,
  INVALID_CARD_MESSAGE,
  MAX_CARDS_PER_REGISTRATION,
  cardTypeMessage,
  cardTypeOf,
  checkCardNumber,
  digitsOnly,
  luhnValid,
  parseCardCodes,
  type CardType,
  type PartnerCardCode,
} from '#shared/cards.ts';

const ALL: PartnerCardCode[] = ['AMEX', 'DISC', 'MAST', 'VISA'];

// Published test numbers of the card networks and payment processors, all Luhn-valid.
const GOOD: Array<[string, CardType]> = [
  ['4111111111111111', 'visa'],
  ['4012888888881881', 'visa'],
  ['4222222222222', 'visa'], // 13 digits
  ['5555555555554444', 'mastercard'],
  ['5105105105105100', 'mastercard'],
  ['2223003122003222', 'mastercard'], // 2-series
  ['2222400070000005', 'mastercard'],
  ['378282246310005', 'amex'],
  ['371449635398431', 'amex'],
  ['340000000000009', 'amex'],
  ['6011111111111117', 'discover'],
  ['6011000990139424', 'discover'],
  ['6555900000604105', 'discover'], // 65
];

/** The same number with its last digit one higher (mod 10): the Luhn total is then off by one. */
function lastDigitOff(number: string): string {
  const last = Number(number.at(-1));
  return number.slice(0, -1) + String((last + 1) % 10);
}

describe('Luhn check', () => {
  it('accepts the textbook example and refuses it with one digit off', () => {
    // 79927398713, digits right to left 3 1 7 8 9 3 7 2 9 9 7; every second one doubled (digits of
    // the product summed): 1 -> 2, 8 -> 16 -> 7, 3 -> 6, 2 -> 4, 9 -> 18 -> 9 = 28; the others
    // 3 + 7 + 9 + 7 + 9 + 7 = 42; total 70, a multiple of ten.
    expect(luhnValid('79927398713')).toBe(true);
    // Last digit 3 -> 0 makes the total 67.
    expect(luhnValid('79927398710')).toBe(false);
    // A doubled digit changed: 1 -> 2 (second from the right) doubles to 4 instead of 2, total 72.
    expect(luhnValid('79927398723')).toBe(false);
  });

  it.each(GOOD)('accepts the test number %s', (number) => {
    expect(luhnValid(number)).toBe(true);
  });

  it.each(GOOD)('refuses %s with its last digit one off', (number) => {
    expect(luhnValid(lastDigitOff(number))).toBe(false);
  });

  it('refuses a digit in the middle changed by one', () => {
    // 4111111111111111 -> 4111111121111111: the changed digit is 8th from the right (doubled),
    // 1 -> 2 doubles to 4 instead of 2, total off by 2.
    expect(luhnValid('4111111121111111')).toBe(false);
    // Undoubled position (first from the right is plain): 4111111111111111 -> ...1112 total off by 1.
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('refuses two adjacent digits swapped when that changes the total', () => {
    // 5555555555554444 -> 5555555555545444: the 5 and 4 at places 5 and 4 from the right swap.
    // Before: plain 5 + doubled 4 -> 8 = 13; after: plain 4 + doubled 5 -> 10 -> 1 = 5; total off by 8.
    expect(luhnValid('5555555555545444')).toBe(false);
  });

  it('refuses what is not a number of digits', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('0')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('4111-1111-1111-1111')).toBe(false);
    expect(luhnValid('411111111111111a')).toBe(false);
  });
});

describe('card type patterns', () => {
  it.each(GOOD)('%s is %s', (number, type) => {
    expect(cardTypeOf(number)).toBe(type);
  });

  it('amex: 15 digits starting 34 or 37', () => {
    expect(cardTypeOf('340000000000000')).toBe('amex');
    expect(cardTypeOf('370000000000000')).toBe('amex');
    expect(cardTypeOf('350000000000000')).toBeNull();
    expect(cardTypeOf('360000000000000')).toBeNull();
    expect(cardTypeOf('33000000000000')).toBeNull();
    expect(cardTypeOf('3782822463100050')).toBeNull(); // 16 digits
    expect(cardTypeOf('37828224631000')).toBeNull(); // 14 digits
  });

  it('visa: starting 4 with 13 or 16 digits', () => {
    expect(cardTypeOf('4000000000000')).toBe('visa');
    expect(cardTypeOf('4000000000000000')).toBe('visa');
    for (const length of [12, 14, 15, 17, 19]) expect(cardTypeOf('4'.padEnd(length, '0')), `${length} digits`).toBeNull();
  });

  it('mastercard: starting 51 to 55 or 2221 to 2720', () => {
    for (const prefix of ['51', '52', '53', '54', '55', '2221', '2500', '2720']) {
      expect(cardTypeOf(prefix.padEnd(16, '0')), prefix).toBe('mastercard');
    }
    for (const prefix of ['50', '56', '2220', '2721', '2800', '2100']) {
      expect(cardTypeOf(prefix.padEnd(16, '0')), prefix).toBeNull();
    }
  });

  it('discover: starting 6011 or 65', () => {
    expect(cardTypeOf('6011000000000000')).toBe('discover');
    expect(cardTypeOf('6500000000000000')).toBe('discover');
    expect(cardTypeOf('6599999999999999')).toBe('discover');
    for (const prefix of ['6010', '6012', '6400', '6600', '6000']) {
      expect(cardTypeOf(prefix.padEnd(16, '0')), prefix).toBeNull();
    }
  });

  it('knows no other network', () => {
    expect(cardTypeOf('3530111333300000')).toBeNull(); // JCB
    expect(cardTypeOf('30569309025904')).toBeNull(); // Diners
    expect(cardTypeOf('')).toBeNull();
  });
});

describe('the type message', () => {
  it('is "Card must be X, Y or Z®" in the partner order', () => {
    expect(cardTypeMessage(ALL)).toBe('Card must be American Express, Discover, Mastercard or Visa®');
    expect(cardTypeMessage(['VISA', 'MAST'])).toBe('Card must be Visa or Mastercard®');
    expect(cardTypeMessage(['VISA', 'AMEX', 'MAST'])).toBe('Card must be Visa, American Express or Mastercard®');
    expect(cardTypeMessage(['VISA'])).toBe('Card must be Visa®');
  });
});

describe('checking a typed number against the partner accepted types', () => {
  it('says "Please enter your credit card number." when nothing is typed', () => {
    expect(EMPTY_CARD_MESSAGE).toBe('Please enter your credit card number.');
    expect(checkCardNumber('', ALL)).toEqual({ ok: false, message: 'Please enter your credit card number.' });
    expect(checkCardNumber('   ', ALL)).toEqual({ ok: false, message: 'Please enter your credit card number.' });
  });

  it.each(GOOD)('accepts %s (%s) with every type accepted, keeping the last four', (number, type) => {
    expect(checkCardNumber(number, ALL)).toEqual({ ok: true, number, cardType: type, lastFour: number.slice(-4) });
  });

  it('reads a number typed with spaces or dashes', () => {
    expect(digitsOnly('4111 1111-1111 1111')).toBe('4111111111111111');
    expect(checkCardNumber('4111 1111 1111 1111', ALL)).toEqual({
      ok: true,
      number: '4111111111111111',
      cardType: 'visa',
      lastFour: '1111',
    });
    expect(checkCardNumber('3782-822463-10005', ALL)).toMatchObject({ ok: true, cardType: 'amex', lastFour: '0005' });
  });

  it.each(GOOD)('refuses %s with its last digit one off as an invalid number', (number) => {
    expect(checkCardNumber(lastDigitOff(number), ALL)).toEqual({ ok: false, message: INVALID_CARD_MESSAGE });
  });

  it('refuses a valid number of a type the partner does not accept, naming the accepted ones', () => {
    const visaAndMastercard: PartnerCardCode[] = ['VISA', 'MAST'];
    expect(checkCardNumber('378282246310005', visaAndMastercard)).toEqual({ ok: false, message: 'Card must be Visa or Mastercard®' });
    expect(checkCardNumber('6011111111111117', visaAndMastercard)).toEqual({ ok: false, message: 'Card must be Visa or Mastercard®' });
    expect(checkCardNumber('4111111111111111', visaAndMastercard)).toMatchObject({ ok: true, cardType: 'visa' });
    expect(checkCardNumber('2223003122003222', visaAndMastercard)).toMatchObject({ ok: true, cardType: 'mastercard' });
    expect(checkCardNumber('4111111111111111', ['AMEX'])).toEqual({ ok: false, message: 'Card must be American Express®' });
  });

  it('refuses a Luhn-valid number of no known network with the type message', () => {
    // 79927398713 passes Luhn but matches no pattern.
    expect(checkCardNumber('79927398713', ALL)).toEqual({
      ok: false,
      message: 'Card must be American Express, Discover, Mastercard or Visa®',
    });
  });

  it('keeps the spec messages word for word', () => {
    expect(CARD_TERMS_MESSAGE).toBe('Linking a card and authorizing activity monitoring is required to complete and earn rewards.');
    expect(MAX_CARDS_PER_REGISTRATION).toBe(12);
  });
});

describe('accepted types from the frame query flag', () => {
  it('keeps known codes in order, once each, ignoring case, spaces and unknown codes', () => {
    expect(parseCardCodes('AMEX,VISA')).toEqual(['AMEX', 'VISA']);
    expect(parseCardCodes(' visa , mast,VISA,JCB,')).toEqual(['VISA', 'MAST']);
    expect(parseCardCodes('')).toEqual([]);
    expect(parseCardCodes(null)).toEqual([]);
    expect(parseCardCodes(undefined)).toEqual([]);
  });
});
