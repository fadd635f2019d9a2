// Partner number rules of spec 001 §5 (and the ranges of §9): exactly 10 digits and one of three
// checks. Every expected value below was worked out by hand from the spec text; the arithmetic is
// in the comments so a reader can redo it.
//
// Check-digit test (check 2): over the first nine digits d1..d9, "alternate digits doubled and
// digit-summed". With nine digits, doubling every second digit counted from the right (Luhn) and
// every second digit counted from the left starting at d1 is the same thing: d1, d3, d5, d7, d9 are
// doubled (a doubled value above 9 has its digits summed, i.e. minus 9), d2, d4, d6, d8 are added as
// they are. The check digit is the one that brings the total to a multiple of ten:
// (10 - total % 10) % 10.
import { describe, expect, it } from 'vitest';
import {
  checkDigit,
  isValidPartnerNumber,
  partnerNumberCheck,
  passwordContainsPartnerNumber,
  PARTNER_NUMBER_LENGTH,
} from '#shared/partner-number.ts';

describe('partner number: exactly 10 digits', () => {
  it('has length 10', () => {
    expect(PARTNER_NUMBER_LENGTH).toBe(10);
  });

  it('refuses anything that is not exactly ten digits, even when the value is in a valid range', () => {
    // 8704 is in range 1, but as "8704" it has four digits, not ten.
    expect(isValidPartnerNumber('8704')).toBe(false);
    // 1234567897 is valid (check 2, below); one digit more or less is not.
    expect(isValidPartnerNumber('123456789')).toBe(false);
    expect(isValidPartnerNumber('12345678970')).toBe(false);
    expect(isValidPartnerNumber('01234567897')).toBe(false);
    // Not digits, or digits with spaces and dashes around them.
    expect(isValidPartnerNumber('')).toBe(false);
    expect(isValidPartnerNumber(' 1234567897')).toBe(false);
    expect(isValidPartnerNumber('1234567897 ')).toBe(false);
    expect(isValidPartnerNumber('123-456-7897')).toBe(false);
    expect(isValidPartnerNumber('123456789a')).toBe(false);
    expect(isValidPartnerNumber('+123456789')).toBe(false);
    expect(isValidPartnerNumber('1.23456789')).toBe(false);
    expect(isValidPartnerNumber('１２３４５６７８９７')).toBe(false); // full-width digits
  });
});

describe('check 1: value 8704 to 8999 or 900000 to 999999, inclusive', () => {
  // Each "good" number here fails checks 2 and 3, so only the range makes it valid:
  //   0000008704: d1..d9 = 000000870 -> doubled d9=0, d7=8 -> 16 -> 7; plain d8=7; total 14 -> check 6, not 4.
  //   0000008999: 000000899 -> doubled d9=9 -> 18 -> 9, d7=8 -> 7; plain d8=9; total 25 -> check 5, not 9.
  //   0000900000: 000090000 -> doubled d5=9 -> 9; total 9 -> check 1, not 0.
  //   0000999999: 000099999 -> doubled d9, d7, d5 = 9 each -> 27; plain d8, d6 = 18; total 45 -> check 5, not 9.
  // None of them is within 100000-199999, so check 3 does not apply.
  it.each(['0000008704', '0000008999', '0000900000', '0000999999'])('accepts %s by its range', (value) => {
    expect(partnerNumberCheck(value)).toBe('range');
    expect(isValidPartnerNumber(value)).toBe(true);
  });

  // The values just outside each range, which fail the other two checks as well:
  //   0000008703: 8703 < 8704; 000000870 -> check 6 (above), not 3.
  //   0000009000: 9000 > 8999; 000000900 -> doubled d7=9 -> 9; total 9 -> check 1, not 0.
  //   0000899999: 899999 < 900000; 000089999 -> doubled d9=9, d7=9, d5=8 -> 16 -> 7 = 25; plain d8, d6 = 18;
  //               total 43 -> check 7, not 9.
  //   0001000000: 1000000 > 999999; 000100000 -> plain d4=1; total 1 -> check 9, not 0.
  it.each(['0000008703', '0000009000', '0000899999', '0001000000'])('refuses %s, just outside a range', (value) => {
    expect(partnerNumberCheck(value)).toBeNull();
    expect(isValidPartnerNumber(value)).toBe(false);
  });
});

describe('check 2: the check digit over the first nine digits', () => {
  it('computes the check digit by hand-checked examples', () => {
    // 123456789: doubled d1=1 -> 2, d3=3 -> 6, d5=5 -> 10 -> 1, d7=7 -> 14 -> 5, d9=9 -> 18 -> 9 = 23;
    // plain d2+d4+d6+d8 = 2+4+6+8 = 20; total 43 -> (10 - 3) % 10 = 7.
    expect(checkDigit('123456789')).toBe(7);
    // 987654321: doubled d1=9 -> 9, d3=7 -> 5, d5=5 -> 1, d7=3 -> 6, d9=1 -> 2 = 23; plain 8+6+4+2 = 20;
    // total 43 -> 7.
    expect(checkDigit('987654321')).toBe(7);
    // 000000000: total 0 -> (10 - 0) % 10 = 0 (not 10).
    expect(checkDigit('000000000')).toBe(0);
    // 000011234: doubled d9=4 -> 8, d7=2 -> 4, d5=1 -> 2 = 14; plain d8=3, d6=1 = 4; total 18 -> 2.
    expect(checkDigit('000011234')).toBe(2);
  });

  it.each(['1234567897', '9876543217'])('accepts %s, whose tenth digit is its check digit', (value) => {
    // Both are far outside the ranges of checks 1 and 3.
    expect(partnerNumberCheck(value)).toBe('checkDigit');
    expect(isValidPartnerNumber(value)).toBe(true);
  });

  it.each([
    ['1234567890', 'wrong check digit (7 expected)'],
    ['1234567896', 'check digit one off'],
    ['1234567898', 'check digit one off the other way'],
    ['1234567807', 'a payload digit changed (d9 9 -> 0: doubled 9 becomes 0, total 34, check 6)'],
    ['2134567897', 'two payload digits swapped (d1 and d2: doubled 2 -> 4 and plain 1, total 44, check 6)'],
    ['9876543210', 'wrong check digit (7 expected)'],
  ])('refuses %s: %s', (value) => {
    expect(partnerNumberCheck(value)).toBeNull();
    expect(isValidPartnerNumber(value)).toBe(false);
  });
});

describe('check 3: value 100000 to 199999 whose offset, padded to 10 digits, passes the check digit', () => {
  // The offset part is the value above 100000.
  //   0000100000: offset 0 -> 0000000000; payload 000000000 -> check 0 = tenth digit 0. Passes.
  //               Check 2 on the number itself: 000010000 -> doubled d5=1 -> 2 -> check 8, not 0.
  //   0000112344: offset 12344 -> 0000012344; payload 000001234 -> doubled d9=4 -> 8, d7=2 -> 4, d5=0;
  //               plain d8=3, d6=1; total 16 -> check 4 = tenth digit 4. Passes.
  //               Check 2 on the number itself: 000011234 -> check 2 (above), not 4.
  //   0000199994: offset 99994 -> 0000099994; payload 000009999 -> doubled d9=9 -> 9, d7=9 -> 9, d5=0;
  //               plain d8=9, d6=9; total 36 -> check 4 = tenth digit 4. Passes.
  //               Check 2 on the number itself: 000019999 -> doubled 9+9+(1 -> 2) = 20, plain 18,
  //               total 38 -> check 2, not 4.
  it.each(['0000100000', '0000112344', '0000199994'])('accepts %s by its offset', (value) => {
    expect(partnerNumberCheck(value)).toBe('offset');
    expect(isValidPartnerNumber(value)).toBe(true);
  });

  it('refuses a value in range whose offset fails the check digit', () => {
    // 0000112345: offset 12345 -> 0000012345; check 4 (as above), tenth digit 5. Check 2 on the number
    // itself: check 2, not 5. Not in the ranges of check 1.
    expect(isValidPartnerNumber('0000112345')).toBe(false);
    // 0000199999: offset 99999 -> 0000099999; check 4, tenth digit 9. Check 2 itself: check 2, not 9.
    expect(isValidPartnerNumber('0000199999')).toBe(false);
  });

  it('refuses a value outside 100000-199999 even when its offset would pass', () => {
    // 0000212342: offset 112342 -> 0000112342; payload 000011234 -> check 2 = tenth digit 2, so the
    // offset passes, but 212342 > 199999. Check 2 on the number itself: 000021234 -> doubled
    // d9=4 -> 8, d7=2 -> 4, d5=2 -> 4 = 16; plain 3+1 = 4; total 20 -> check 0, not 2.
    expect(partnerNumberCheck('0000212342')).toBeNull();
    // 0000099999 is just below 100000 (its offset would be negative). Check 2: 000009999 -> check 4, not 9.
    expect(partnerNumberCheck('0000099999')).toBeNull();
  });
});

describe('a password must not contain the partner number', () => {
  it('tells when the number appears anywhere in the password', () => {
    expect(passwordContainsPartnerNumber('1234567897', '1234567897')).toBe(true);
    expect(passwordContainsPartnerNumber('abc1234567897', '1234567897')).toBe(true);
    expect(passwordContainsPartnerNumber('Dining1234567897!', '1234567897')).toBe(true);
  });

  it('lets a password through that only shares part of it, or when there is no number', () => {
    expect(passwordContainsPartnerNumber('Dining-2026!', '1234567897')).toBe(false);
    expect(passwordContainsPartnerNumber('123456789-7', '1234567897')).toBe(false);
    expect(passwordContainsPartnerNumber('Dining-2026!', '')).toBe(false);
    expect(passwordContainsPartnerNumber('Dining-2026!', null)).toBe(false);
    expect(passwordContainsPartnerNumber('Dining-2026!', undefined)).toBe(false);
  });
});
