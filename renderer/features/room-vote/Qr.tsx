import { useEffect, useState } from 'react';

/** A QR code of `text` (the encoder loads only when one is shown). */
export function Qr({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The encoder loads only when a join screen is shown.
    void import('qrcode').then((QRCode) => QRCode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' }).then((url) => live && setSrc(url)));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <img className="vote-qr" src={src} alt={label} width={size} height={size} /> : <div className="vote-qr" />;
}
