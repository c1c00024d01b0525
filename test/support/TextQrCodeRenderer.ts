import type { QrCodeRenderer } from '../../src/domain/ports/QrCodeRenderer';

/** A QR renderer that shows the text it was given inside an svg element. */
export class TextQrCodeRenderer implements QrCodeRenderer {
  async svg(text: string): Promise<string> {
    return `<svg data-text="${text}"></svg>`;
  }
}
