import { encode } from 'uqr';
import styles from './operators.module.css';

/** The otpauth:// address as a QR code (dark modules on white, as cameras read best). */
export function TotpQr(props: { uri: string; label: string }) {
  const qr = encode(props.uri, { ecc: 'M' });
  const quiet = 2;
  const side = qr.size + quiet * 2;
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={props.label}
      data-testid="totp-qr"
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
