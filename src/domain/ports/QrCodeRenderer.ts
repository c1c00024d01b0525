/** Draws text as a QR code an enrolment page can show without an inline script or a foreign image. */
export interface QrCodeRenderer {
  /** Self-contained SVG markup. */
  svg(text: string): Promise<string>;
}
