import { otpLength } from '@gatehouse/contract/browser';

/** Keeps the digits of what was typed or pasted ("123 456", "Code: 123456"), at most six. */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, otpLength);
}
