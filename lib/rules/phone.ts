// An Egyptian mobile number: an optional leading 20, then 01, then 0, 1, 2 or 5, then exactly 8 digits.
export const egyptianPhonePattern = /^(20)?01[0125][0-9]{8}$/;

export function isEgyptianPhone(value: string): boolean {
  return egyptianPhonePattern.test(value);
}
