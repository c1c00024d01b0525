import type * as QRCode from 'qrcode';
import type { QrCodeRenderer } from '../../domain/ports/QrCodeRenderer';

/** QR codes as SVG markup from the qrcode package: the page embeds it, no image request, no script. */
/** Required on the first enrolment page, not at start-up (qrcode and pngjs: ~60 modules). */
function qrcode(): typeof QRCode {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('qrcode') as typeof QRCode;
}

export class QrcodeSvgRenderer implements QrCodeRenderer {
  svg(text: string): Promise<string> {
    // Stryker disable next-line StringLiteral: an empty level falls back to qrcode's default, M, the level written here for the reader
    return qrcode().toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }
}
