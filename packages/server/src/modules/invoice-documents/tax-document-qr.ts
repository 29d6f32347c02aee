import QRCode from 'qrcode';
import type { Doc } from './tax-document-pdf.ts';

/**
 * `text` as a QR code (error correction M) in a white square of `size` points at (x, y), with a
 * quiet zone of two modules: the e-invoice's signed QR and the UPI payment QR.
 */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const module = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  // Runs of dark modules along a row become one rectangle: fewer drawing operators, same picture.
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col += 1;
      doc.rect(x + (quiet + start) * module, y + (quiet + row) * module, (col - start) * module, module);
    }
  }
  doc.fill('#000000');
}
