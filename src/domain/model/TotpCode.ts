/** Whether the text is shaped like a TOTP code (six digits, spaces allowed as apps group them). */
export function totpCodeOf(typed: string): string | null {
  const compact = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
}
