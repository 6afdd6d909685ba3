import qrcode from 'qrcode-generator';

/**
 * A QR code as an SVG data URL, drawn here so the secret it holds never goes to a third-party
 * service and the page works offline; the CSP allows data: images (security-headers.ts).
 * qrcode-generator has no dependencies (the `qrcode` package pulls in a CLI's).
 */
export function toQrCodeDataUrl(text: string): string {
  // Type 0: the smallest version that fits; level M survives a smudge or a glare (15 %).
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  // A fixed pixel size (not `scalable`), so browsers know its natural size; the page scales it.
  const svg = qr.createSvgTag({ cellSize: 4, margin: 16 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
