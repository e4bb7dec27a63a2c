/**
 * Up to two letters for the avatar: of the first and last word of a name, or of an address's
 * part before the @ (grace.hopper@example.com: GH, not the domain's last word).
 */
export function initials(text: string): string {
  const at = text.lastIndexOf('@');
  // An address's +tag is no part of the name (grace.hopper+work@…).
  const words = (at > 0 ? (text.slice(0, at).split('+')[0] ?? '').split(/[._-]+/) : text.split(/\s+/)).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
