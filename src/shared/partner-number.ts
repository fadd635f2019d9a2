// Partner number (PPN) rules of spec 001 §5: exactly 10 digits and one of three checks.
//  1. numeric value 8704-8999 or 900000-999999 (legacy ranges, no check digit);
//  2. a check digit: the first nine digits, alternate digits doubled and digit-summed from the
//     right (Luhn), give the tenth;
//  3. numeric value 100000-199999: the offset above 100000, padded to 10 digits, passes check 2.

export const PARTNER_NUMBER_LENGTH = 10;

/** The check digit of a payload of digits (Luhn: double every second digit from the right). */
export function checkDigit(payload: string): number {
  let total = 0;
  for (let i = 0; i < payload.length; i++) {
    const digit = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) {
      const doubled = digit * 2;
      total += doubled > 9 ? doubled - 9 : doubled;
    } else {
      total += digit;
    }
  }
  return (10 - (total % 10)) % 10;
}

function passesCheckDigit(tenDigits: string): boolean {
  return checkDigit(tenDigits.slice(0, 9)) === tenDigits.charCodeAt(9) - 48;
}

export type PartnerNumberCheck = 'range' | 'checkDigit' | 'offset';

/** Which check a partner number passes, or null when it is invalid. */
export function partnerNumberCheck(value: string): PartnerNumberCheck | null {
  if (!/^\d{10}$/.test(value)) return null;
  const n = Number(value);
  if ((n >= 8704 && n <= 8999) || (n >= 900000 && n <= 999999)) return 'range';
  if (passesCheckDigit(value)) return 'checkDigit';
  if (n >= 100000 && n <= 199999 && passesCheckDigit(String(n - 100000).padStart(PARTNER_NUMBER_LENGTH, '0'))) return 'offset';
  return null;
}

export function isValidPartnerNumber(value: string): boolean {
  return partnerNumberCheck(value) !== null;
}

/** A password must not contain the member's partner number (spec 001 §5). */
export function passwordContainsPartnerNumber(password: string, partnerNumber: string | null | undefined): boolean {
  return !!partnerNumber && password.includes(partnerNumber);
}
