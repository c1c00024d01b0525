/** Secrets seen in defaults, tutorials and breach lists: refused whatever their length. */
const WELL_KNOWN = new Set(['123456', '12345678', '123456789', '1234567890', 'password', 'secret', 'changeme', 'changeit', 'admin', 'qwerty', 'letmein', 'test', 'default']);

/** NIST SP 800-63B and OWASP ask 128 bits for a shared secret that is checked online. */
const MIN_BITS = 128;
/** 128 bits in base64url (6 bits a character) take 22 characters. */
const MIN_LENGTH = 22;
/**
 * Fewer different characters than this is a pattern (`abab…`), not randomness. Generated secrets stay
 * clear of it: `openssl rand -hex 16` (32 characters of 16) has fewer than 7 with probability 1.8e-10
 * (fewer than 10, the earlier bound, one in ~10,000), 22 base64url characters 1.6e-15.
 */
const MIN_DISTINCT = 7;

/**
 * Why a client secret is too weak to be guessed online under production
 * limits, or null when it is strong enough: a well-known secret, fewer than
 * 22 characters, fewer than 7 different characters, mostly runs (`aaaa`,
 * `abcd`, `4321`), or under 128 bits when each character is counted at the
 * size of the character classes it uses. An estimate from the text only: a
 * random 22-character base64url secret passes, what a person would type does not.
 */
export function clientSecretWeakness(secret: string): string | null {
  if (WELL_KNOWN.has(secret.toLowerCase())) return 'a well-known secret';
  const characters = [...secret];
  if (characters.length < MIN_LENGTH) return `shorter than ${MIN_LENGTH} characters`;
  if (new Set(characters).size < MIN_DISTINCT) return `fewer than ${MIN_DISTINCT} different characters`;
  if (runShare(characters) > 0.5) return 'mostly repeated or consecutive characters';
  const bits = characters.length * Math.log2(alphabetSize(secret));
  if (bits < MIN_BITS) return `under ${MIN_BITS} bits of entropy (about ${Math.floor(bits)})`;
  return null;
}

/** How to make one, for the error message. */
export const STRONG_SECRET_HINT = `at least ${MIN_LENGTH} random characters, e.g. \`openssl rand -base64 24\``;

/** The size of the character classes the secret draws from. */
function alphabetSize(secret: string): number {
  let size = 0;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/[0-9]/.test(secret)) size += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) size += 33;
  return size;
}

/** The share of neighbouring characters that repeat or count up or down by one. */
function runShare(characters: readonly string[]): number {
  let runs = 0;
  for (let i = 1; i < characters.length; i++) {
    if (Math.abs(characters[i].codePointAt(0)! - characters[i - 1].codePointAt(0)!) <= 1) runs++;
  }
  return runs / (characters.length - 1);
}
