import QRCode from 'qrcode';
import type { QrCodeRenderer } from '../../domain/ports/QrCodeRenderer';

/** QR codes as SVG markup from the qrcode package: the page embeds it, no image request, no script. */
export class QrcodeSvgRenderer implements QrCodeRenderer {
  svg(text: string): Promise<string> {
    return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }
}
